import request from "supertest";
import { describe, expect, it } from "vitest";
import { signInSecrets, type MailCatcher } from "../helpers/mail-catcher.js";
import { SAME_ORIGIN, resetSignInLimits, type Agent } from "../helpers/sign-in.js";
import { appWithMail } from "../helpers/app-with-mail.js";
import { type TestApp } from "../helpers/test-app.js";

/** The same sign-in over GraphQL (docs/decisions/008-api-shapes.md): same service, same rules. */
describe("sign-in over GraphQL", () => {
  let t: TestApp;
  let smtp: MailCatcher;
  appWithMail((app, catcher) => ((t = app), (smtp = catcher)));

  const gql = (agent: Agent, query: string, variables: Record<string, unknown> = {}) =>
    agent
      .post("/graphql")
      .set(SAME_ORIGIN)
      .set("Content-Type", "application/json")
      .send({ query, variables })
      .expect(200);

  const REQUEST = `mutation($email: String!) { requestSignInLink(input: { email: $email }) { success message } }`;
  const VERIFY = `mutation($token: String!) { verifySignIn(input: { token: $token }) { state maskedEmail redirectTo alreadySignedIn user { email username } } }`;
  const CONFIRM = `mutation($token: String!) { confirmSignIn(input: { token: $token }) { redirectTo user { email } } }`;
  const CODE = `mutation($email: String!, $code: String!) { signInWithCode(input: { email: $email, code: $code }) { user { email } } }`;
  const ME = `{ me { email username displayName } }`;

  async function ask(agent: Agent, email: string) {
    await resetSignInLimits(t, email);
    const res = await gql(agent, REQUEST, { email });
    expect(res.body).toEqual({
      data: { requestSignInLink: { success: true, message: "Please check your email for the login link!" } },
    });
    return signInSecrets(smtp.to(email).at(-1)!);
  }

  it("signs in the requesting browser at once and shows its own e-mail", async () => {
    const browser = request.agent(t.app);
    const { token } = await ask(browser, "gql@example.com");
    const res = await gql(browser, VERIFY, { token });
    expect(res.body.data.verifySignIn).toEqual({
      state: "SIGNED_IN",
      maskedEmail: null,
      redirectTo: "/app",
      alreadySignedIn: false,
      user: { email: "gql@example.com", username: "gql" },
    });
    expect((await gql(browser, ME)).body.data.me).toEqual({
      email: "gql@example.com",
      username: "gql",
      displayName: "Gql",
    });

    const out = await gql(browser, `mutation { signOut { success } }`);
    expect(out.body.data.signOut.success).toBe(true);
    expect(out.headers["clear-site-data"]).toBe('"cache"');
    expect((await gql(browser, ME)).body.data.me).toBeNull();
  });

  it("answers CONFIRM in another browser and signs in on confirmSignIn", async () => {
    const { token } = await ask(request.agent(t.app), "other@example.com");
    const laptop = request.agent(t.app);
    const step = await gql(laptop, VERIFY, { token });
    expect(step.body.data.verifySignIn).toMatchObject({
      state: "CONFIRM",
      maskedEmail: "o•••@example.com",
      user: null,
    });
    expect((await gql(laptop, ME)).body.data.me).toBeNull();
    const done = await gql(laptop, CONFIRM, { token });
    expect(done.body.data.confirmSignIn).toEqual({ redirectTo: "/app", user: { email: "other@example.com" } });
    expect((await gql(laptop, ME)).body.data.me.email).toBe("other@example.com");
  });

  it("signs in with the code", async () => {
    const { code } = await ask(request.agent(t.app), "code@example.com");
    const pwa = request.agent(t.app);
    const res = await gql(pwa, CODE, { email: "code@example.com", code });
    expect(res.body.data.signInWithCode.user.email).toBe("code@example.com");
  });

  it("reports failures and limits with extensions.code", async () => {
    const bad = await gql(request.agent(t.app), CONFIRM, { token: "x".repeat(43) });
    expect(bad.body.errors[0]).toMatchObject({
      message: "This sign-in link is invalid. Please request a new one.",
      extensions: { code: "BAD_USER_INPUT", reason: "invalid" },
    });
    const agent = request.agent(t.app);
    await ask(agent, "limited@example.com");
    const again = await gql(agent, REQUEST, { email: "limited@example.com" });
    expect(again.body.errors[0].extensions).toMatchObject({ code: "RATE_LIMITED" });
    expect(again.body.errors[0].extensions.retryAfter).toBeGreaterThan(0);
    expect(typeof again.body.errors[0].extensions.resetTime).toBe("string");
    expect(smtp.to("limited@example.com")).toHaveLength(1);
  });

  it("refuses a text/plain body even from our own origin (the origin guard, before Apollo's CSRF prevention)", async () => {
    const res = await request(t.app)
      .post("/graphql")
      .set(SAME_ORIGIN)
      .set("Content-Type", "text/plain")
      .send(JSON.stringify({ query: REQUEST, variables: { email: "csrf@example.com" } }));
    expect(res.status).toBe(403);
    expect(smtp.to("csrf@example.com")).toHaveLength(0);
  });
});
