import type { Page } from "@playwright/test";

/** What this device kept for offline use: the saved Apollo caches, as text. */
export async function keptData(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open("keepsake-offline");
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    if (!db.objectStoreNames.contains("data")) return "";
    const values = await new Promise<unknown[]>((resolve) => {
      const all = db.transaction("data").objectStore("data").getAll();
      all.onsuccess = () => resolve(all.result as unknown[]);
    });
    return JSON.stringify(values);
  });
}

/** The service worker's media caches, and whether an account's data is kept in IndexedDB. */
export async function offlineCaches(page: Page): Promise<{ media: string[]; account: boolean }> {
  return page.evaluate(async () => {
    const media = (await caches.keys()).filter((name) => name.startsWith("keepsake-media"));
    const account = await new Promise<boolean>((resolve) => {
      const open = indexedDB.open("keepsake-offline");
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains("data")) return resolve(false);
        const get = db.transaction("data").objectStore("data").count();
        get.onsuccess = () => resolve(get.result > 0);
        get.onerror = () => resolve(false);
      };
      open.onerror = () => resolve(false);
    });
    return { media, account };
  });
}
