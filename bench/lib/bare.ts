/**
 * The baseline of the load test: bare Express 5 + pg handlers that answer the SAME JSON as the
 * app for the same reads (checked byte for byte before each load run), with the least work that
 * is still honest: the session cookie is verified (HMAC) and looked up in the same session table,
 * then one or two hand-written SQL statements (run in parallel) build the answer. No GraphQL, no
 * ORM, no DataLoader, no access-policy search (the bench reads are the viewer's own timelines; a
 * non-participant gets the not-found answer), no session touch, no logging, no security headers.
 *
 * GraphQL reads are served at POST /graphql (dispatched on the operation name of the bench
 * documents in operations.ts); REST reads at the app's own paths.
 */
import crypto from "node:crypto";
import express, { type Request, type Response } from "express";
import pg from "pg";
import { UrlSigner } from "../../server/src/modules/media/media-signing.js";
import type { Json } from "./util.js";

type Row = Record<string, Json>;

const upper = (v: string) => v.toUpperCase().replace(/-/g, "_");
const iso = (d: Date) => d.toISOString();

export function createBareApp(opts: { databaseUrl: string; secret: string; cookieName: string; poolSize?: number }) {
  const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
  pool.on("error", () => undefined);
  const signer = new UrlSigner(opts.secret);
  const sign = (id: string, variant: "display" | "thumb" | "video" | "poster") => signer.sign(id, variant, new Date());

  /** express-session's cookie: "s:<sid>.<base64 HMAC-SHA256 without padding>", URI-encoded. */
  function sessionId(req: Request): string | null {
    const header = req.headers.cookie ?? "";
    const start = header.indexOf(`${opts.cookieName}=`);
    if (start < 0) return null;
    let value = header.slice(start + opts.cookieName.length + 1);
    const end = value.indexOf(";");
    if (end >= 0) value = value.slice(0, end);
    value = decodeURIComponent(value.trim());
    if (!value.startsWith("s:")) return null;
    const dot = value.lastIndexOf(".");
    const sid = value.slice(2, dot);
    const mac = crypto.createHmac("sha256", opts.secret).update(sid).digest("base64").replace(/=+$/, "");
    const given = value.slice(dot + 1);
    if (mac.length !== given.length || !crypto.timingSafeEqual(Buffer.from(mac), Buffer.from(given))) return null;
    return sid;
  }

  async function userIdOf(req: Request): Promise<string | null> {
    const sid = sessionId(req);
    if (!sid) return null;
    const { rows } = await pool.query(`SELECT sess FROM "session" WHERE sid = $1 AND expire >= now()`, [sid]);
    return (rows[0]?.sess?.userId as string | undefined) ?? null;
  }

  const gqlUser = (r: Row, p: string) =>
    r[`${p}_id`] == null
      ? null
      : {
          id: r[`${p}_id`],
          username: r[`${p}_username`],
          displayName: r[`${p}_display_name`],
          profilePhotoUrl: r[`${p}_photo`] ? sign(r[`${p}_photo`], "thumb") : null,
        };

  /** REST user (present.ts): e-mail revealed (the bench's users all share a timeline with the viewer). */
  const restUser = (r: Row, p: string) =>
    r[`${p}_id`] == null
      ? null
      : {
          _id: r[`${p}_id`],
          id: r[`${p}_id`],
          email: r[`${p}_email`],
          username: r[`${p}_username`],
          display_name: r[`${p}_display_name`],
          full_name: r[`${p}_full_name`],
          bio: r[`${p}_bio`],
          profile_photo: r[`${p}_photo`] ? sign(r[`${p}_photo`], "thumb") : null,
          created_at: iso(r[`${p}_created_at`]),
          created_date: iso(r[`${p}_created_at`]),
        };

  const userCols = (alias: string, p: string) =>
    `${alias}.id AS ${p}_id, ${alias}.email AS ${p}_email, ${alias}.username AS ${p}_username, ${alias}.display_name AS ${p}_display_name,
     ${alias}.full_name AS ${p}_full_name, ${alias}.bio AS ${p}_bio, ${alias}.profile_photo_id AS ${p}_photo, ${alias}.created_at AS ${p}_created_at`;

  // REST also shows who asked for a wider tier (privacy_requested_by_user): one more join, REST only
  const timelineSql = (
    rest: boolean,
  ) => `SELECT t.*, (SELECT count(*)::int FROM memories m WHERE m.timeline_id = t.id) AS memory_count,
      ${userCols("cu", "cu")}, ${userCols("co", "co")}${rest ? `, ${userCols("pr", "pr")}` : ""}
    FROM timelines t JOIN users cu ON cu.id = t.created_by_id LEFT JOIN users co ON co.id = t.collaborator_id
    ${rest ? "LEFT JOIN users pr ON pr.id = t.privacy_requested_by_id" : ""}`;
  const TIMELINE_SQL = timelineSql(false);
  const REST_TIMELINE_SQL = timelineSql(true);
  // REST also shows the partner note and its writer, the timeline's other participant (partner-note.ts)
  const memoriesSql = (rest: boolean) => `SELECT m.id, m.timeline_id, m.media_id, m.position, m.caption, m.location,
      m.memory_date::text AS memory_date, m.meaning, m.created_by_id, m.created_at, f.type, f.format, f.width, f.height,
      f.bytes::float8 AS bytes, f.variants, ${userCols("u", "u")}${rest ? `, m.partner_meaning, tl.status AS tl_status, ${userCols("p", "p")}` : ""}
    FROM memories m JOIN media_files f ON f.id = m.media_id JOIN users u ON u.id = m.created_by_id
    ${
      rest
        ? `JOIN timelines tl ON tl.id = m.timeline_id LEFT JOIN users p ON p.id = CASE m.created_by_id
             WHEN tl.created_by_id THEN tl.collaborator_id WHEN tl.collaborator_id THEN tl.created_by_id END`
        : ""
    }
    WHERE m.timeline_id = $1 ORDER BY m.memory_date DESC NULLS LAST, m.created_at DESC, m.id DESC LIMIT $2`;
  const MEMORIES_SQL = memoriesSql(false);
  const REST_MEMORIES_SQL = memoriesSql(true);
  const ownTimelinesSql = (base: string) => `${base}
    WHERE (t.created_by_id = $1 OR t.collaborator_id = $1) AND t.status <> 'rejected'
    ORDER BY t.last_activity DESC, t.created_at DESC, t.id DESC LIMIT $2`;
  const OWN_TIMELINES_SQL = ownTimelinesSql(TIMELINE_SQL);
  const REST_OWN_TIMELINES_SQL = ownTimelinesSql(REST_TIMELINE_SQL);
  const NOTIFICATIONS_SQL = `SELECT n.*, t.title AS t_title, t.status AS t_status, t.created_by_id AS t_created_by_id, t.collaborator_id AS t_collaborator_id,
      ${userCols("u", "u")}
    FROM notifications n LEFT JOIN users u ON u.id = n.related_user_id LEFT JOIN timelines t ON t.id = n.related_timeline_id
    WHERE n.recipient_id = $1 ORDER BY n.created_at DESC, n.id DESC LIMIT $2`;
  // a notice about a timeline the reader may not see is left out (the fixture's are all the reader's own timelines)
  const UNREAD_SQL = `SELECT count(*)::int AS n FROM notifications n LEFT JOIN timelines t ON t.id = n.related_timeline_id
    WHERE n.recipient_id = $1 AND n.is_read = false AND (t.id IS NULL OR t.created_by_id = $1 OR t.collaborator_id = $1)`;

  /** The cursor of a row (server/src/db/keyset.ts): base64url of [orderTag, ...key]. */
  const cursor = (...key: Json[]) => Buffer.from(JSON.stringify(key)).toString("base64url");
  const memoryCursor = (m: Row) => cursor("m-date", m.memory_date, iso(m.created_at), m.id);
  const timelineCursor = (t: Row) => cursor("t-activity", iso(t.last_activity), iso(t.created_at), t.id);
  const notificationCursor = (n: Row) => cursor("n-created", iso(n.created_at), n.id);
  /** A Relay connection of the first `size` rows of `rows` (read with LIMIT size + 1). */
  const connection = (rows: Row[], size: number, cursorOf: (r: Row) => string, node: (r: Row) => unknown) => {
    const items = rows.slice(0, size);
    return {
      edges: items.map((r) => ({ cursor: cursorOf(r), node: node(r) })),
      pageInfo: { hasNextPage: rows.length > size, endCursor: items.length ? cursorOf(items.at(-1)!) : null },
    };
  };
  /** The notice's text as notification-message.ts builds it when read (the fixture's notices are memory_added). */
  const noticeText = (n: Row) => {
    if (n.t_title == null || n.type !== "memory_added") return n.message;
    const who = (n.u_display_name ?? "").trim() || n.u_username || "Someone";
    const count = Math.max(1, n.count ?? 1);
    const text =
      count === 1 ? `${who} added a new memory to "${n.t_title}"` : `${who} added ${count} memories to "${n.t_title}"`;
    return text.slice(0, 500);
  };
  const REST_PAGE = 100;

  const participant = (t: Row, viewer: string) => t.created_by_id === viewer || t.collaborator_id === viewer;
  /** A notice whose timeline the reader may not see is left out (all of the fixture's are the reader's own). */
  const seenBy = (viewer: string) => (n: Row) =>
    n.related_timeline_id == null || n.t_created_by_id === viewer || n.t_collaborator_id === viewer;
  const mediaUrls = (m: Row) =>
    m.type === "image"
      ? { url: sign(m.media_id, "display"), thumbUrl: sign(m.media_id, "thumb"), posterUrl: null }
      : {
          url: sign(m.media_id, "video"),
          thumbUrl: m.variants?.thumb ? sign(m.media_id, "thumb") : null,
          posterUrl: m.variants?.poster ? sign(m.media_id, "poster") : null,
        };

  // ---- GraphQL-shaped answers (field order = the bench documents' selection order) --------------

  const gqlTimeline = (t: Row, viewer: string, memories: Row[] | null) => ({
    id: t.id,
    title: t.title,
    status: upper(t.status),
    privacy: upper(t.privacy),
    isActive: t.is_active,
    lastActivity: iso(t.last_activity),
    memoryCount: t.memory_count,
    ...(memories ? {} : { previewImages: [...t.preview_media_ids].reverse().map((id: string) => sign(id, "thumb")) }),
    isParticipant: participant(t, viewer),
    canRespond: t.status === "pending" && t.collaborator_id === viewer,
    ...(memories ? {} : { collaboratorEmail: participant(t, viewer) ? t.collaborator_email : null }),
    createdBy: gqlUser(t, "cu"),
    collaborator: gqlUser(t, "co"),
    ...(memories
      ? {
          memories: connection(memories, 30, memoryCursor, (m) => {
            const urls = mediaUrls(m);
            return {
              id: m.id,
              position: m.position,
              caption: m.caption,
              location: m.location,
              memoryDate: m.memory_date,
              meaning: m.meaning,
              canEdit: true,
              createdBy: { id: m.u_id, displayName: m.u_display_name },
              media: { id: m.media_id, type: upper(m.type), width: m.width, height: m.height, ...urls },
            };
          }),
        }
      : {}),
  });

  const handlers: Record<string, (viewer: string, vars: Row) => Promise<unknown>> = {
    BenchTimeline: async (viewer, vars) => {
      const [t, m] = await Promise.all([
        pool.query(`${TIMELINE_SQL} WHERE t.id = $1`, [vars.id]),
        pool.query(MEMORIES_SQL, [vars.id, 31]),
      ]);
      const row = t.rows[0];
      return { data: { timeline: row && participant(row, viewer) ? gqlTimeline(row, viewer, m.rows) : null } };
    },
    BenchTimelines: async (viewer) => {
      const { rows } = await pool.query(OWN_TIMELINES_SQL, [viewer, 31]);
      return { data: { timelines: connection(rows, 30, timelineCursor, (t) => gqlTimeline(t, viewer, null)) } };
    },
    BenchUnread: async (viewer) => {
      const { rows } = await pool.query(UNREAD_SQL, [viewer]);
      return { data: { unreadNotificationCount: rows[0].n } };
    },
    BenchNotifications: async (viewer) => {
      const { rows } = await pool.query(NOTIFICATIONS_SQL, [viewer, 51]);
      return {
        data: {
          notifications: connection(rows.filter(seenBy(viewer)), 50, notificationCursor, (n) => ({
            id: n.id,
            type: upper(n.type),
            message: noticeText(n),
            isRead: n.is_read,
            createdAt: iso(n.created_at),
            relatedTimelineId: n.related_timeline_id,
            actionUrl: n.action_url,
            relatedUser: gqlUser(n, "u"),
          })),
        },
      };
    },
  };

  // ---- REST-shaped answers (present.ts) ------------------------------------------------------

  const restTimeline = (t: Row, viewer: string) => {
    const createdByUser = restUser(t, "cu");
    const pending = participant(t, viewer) ? t.pending_privacy : null;
    return {
      _id: t.id,
      id: t.id,
      title: t.title,
      status: t.status,
      is_active: t.is_active,
      privacy: t.privacy,
      created_by: createdByUser?.email ?? null,
      created_by_id: t.created_by_id,
      collaborator_id: t.collaborator_id,
      collaborator_email: participant(t, viewer) ? t.collaborator_email : null,
      created_by_user: createdByUser,
      collaborator_user: restUser(t, "co"),
      former_member: t.former_member,
      pending_privacy: pending,
      privacy_requested_by_id: pending ? t.privacy_requested_by_id : null,
      privacy_requested_by_user: pending ? restUser(t, "pr") : null,
      privacy_requested_at: pending && t.privacy_requested_at ? iso(t.privacy_requested_at) : null,
      last_activity: iso(t.last_activity),
      preview_images: [...t.preview_media_ids].reverse().map((id: string) => sign(id, "thumb")),
      memory_count: t.memory_count,
      is_participant: participant(t, viewer),
      can_respond: t.status === "pending" && t.collaborator_id === viewer,
      created_at: iso(t.created_at),
      created_date: iso(t.created_at),
    };
  };

  /** The partner note's fields (partner-note.ts); the bench's timelines are accepted, never sealed. */
  const restMemory = (viewer: string) => (m: Row) => {
    const urls = mediaUrls(m);
    const by = restUser(m, "u");
    const partner = restUser(m, "p");
    return {
      _id: m.id,
      id: m.id,
      timeline_id: m.timeline_id,
      media_id: m.media_id,
      media_public_id: m.media_id,
      media_url: urls.url,
      media_thumb_url: urls.thumbUrl,
      media_poster_url: urls.posterUrl,
      media_type: m.type,
      media_format: m.format,
      media_width: m.width,
      media_height: m.height,
      media_bytes: m.bytes,
      position: m.position,
      caption: m.caption,
      location: m.location,
      memory_date: m.memory_date,
      meaning: m.meaning,
      partner_meaning: m.partner_meaning,
      partner_user: partner,
      can_write_partner_meaning: m.tl_status !== "rejected" && partner?.id === viewer,
      created_by_id: m.created_by_id,
      created_by_email: by?.email ?? null,
      created_by_user: by,
      can_edit: true,
      created_at: iso(m.created_at),
      created_date: iso(m.created_at),
    };
  };

  const app = express();
  app.disable("x-powered-by");
  app.disable("etag");

  const authed =
    (fn: (viewer: string, req: Request, res: Response) => Promise<void>) => async (req: Request, res: Response) => {
      try {
        const viewer = await userIdOf(req);
        if (!viewer) return void res.status(401).json({ error: "Authentication required" });
        await fn(viewer, req, res);
      } catch (err) {
        res.status(500).json({ error: String(err) });
      }
    };

  app.post(
    "/graphql",
    express.json({ limit: "1mb" }),
    authed(async (viewer, req, res) => {
      const body = req.body as { query?: string; variables?: Row };
      const op = /^\s*query\s+(\w+)/.exec(body.query ?? "")?.[1];
      const handler = op ? handlers[op] : undefined;
      if (!handler) return void res.status(400).json({ errors: [{ message: "bare: unknown operation" }] });
      // Apollo ends its JSON with a newline; so does this, to be byte-identical
      res.type("application/json").send(`${JSON.stringify(await handler(viewer, body.variables ?? {}))}\n`);
    }),
  );

  app.get(
    "/api/timelines",
    authed(async (viewer, _req, res) => {
      const { rows } = await pool.query(REST_OWN_TIMELINES_SQL, [viewer, REST_PAGE + 1]);
      res.json(rows.slice(0, REST_PAGE).map((t) => restTimeline(t, viewer)));
    }),
  );
  app.get(
    "/api/timelines/:id",
    authed(async (viewer, req, res) => {
      const { rows } = await pool.query(`${REST_TIMELINE_SQL} WHERE t.id = $1`, [req.params.id]);
      if (!rows[0] || !participant(rows[0], viewer)) return void res.status(404).json({ error: "Timeline not found" });
      res.json(restTimeline(rows[0], viewer));
    }),
  );
  app.get(
    "/api/memories/filter",
    authed(async (viewer, req, res) => {
      const id = String(req.query.timeline_id);
      const [t, m] = await Promise.all([
        pool.query(`SELECT created_by_id, collaborator_id FROM timelines WHERE id = $1`, [id]),
        pool.query(REST_MEMORIES_SQL, [id, REST_PAGE + 1]),
      ]);
      if (!t.rows[0] || !participant(t.rows[0], viewer))
        return void res.status(404).json({ error: "Timeline not found" });
      res.json(m.rows.slice(0, REST_PAGE).map(restMemory(viewer)));
    }),
  );
  app.get(
    "/api/notifications/unread-count",
    authed(async (viewer, _req, res) => {
      const { rows } = await pool.query(UNREAD_SQL, [viewer]);
      res.json({ count: rows[0].n });
    }),
  );
  app.get(
    "/api/notifications",
    authed(async (viewer, _req, res) => {
      const { rows } = await pool.query(NOTIFICATIONS_SQL, [viewer, REST_PAGE + 1]);
      res.json(
        rows
          .filter(seenBy(viewer))
          .slice(0, REST_PAGE)
          .map((n) => ({
            _id: n.id,
            id: n.id,
            type: n.type,
            message: noticeText(n),
            is_read: n.is_read,
            createdAt: iso(n.created_at),
            created_at: iso(n.created_at),
            created_date: iso(n.created_at),
            related_user_id: restUser(n, "u"),
            related_timeline_id: n.related_timeline_id,
            action_url: n.action_url,
            privacy: n.privacy,
            privacy_request_state: n.type === "privacy_request" ? (n.resolution ?? "open") : null,
            // a proposal's outcome, to its invitee only (notification-message.ts proposalStatusOf)
            proposal_status:
              n.type === "timeline_proposal" && n.t_collaborator_id === n.recipient_id ? n.t_status : null,
          })),
      );
    }),
  );

  return { app, close: () => pool.end() };
}
