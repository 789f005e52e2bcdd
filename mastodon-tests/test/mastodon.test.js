// A real Mastodon client (masto.js) against Feedline's Mastodon API. Every body it receives is
// checked against Mastodon's OpenAPI schema after each test.
import { after, afterEach, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { createOAuthAPIClient, createRestAPIClient, createStreamingAPIClient, MastoHttpError } from "masto";
import { chromium } from "playwright-core";
import { createHash, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import WebSocket from "ws";
import { checkAll, checkEntity, seen } from "./schema.js";
import { registerUser, startFeedline } from "./feedline.js";

let feedline;
let app;
const clients = {};
const users = {};

async function signIn(user, scope = "read write follow") {
  const oauth = createOAuthAPIClient({ url: feedline.url });
  const token = await oauth.token.create({
    grantType: "password",
    clientId: app.clientId,
    clientSecret: app.clientSecret,
    redirectUri: "urn:ietf:wg:oauth:2.0:oob",
    username: user.username,
    password: user.password,
    scope,
  });
  return { token, client: createRestAPIClient({ url: feedline.url, accessToken: token.accessToken }) };
}

/** The status's favourites count as `client` reads it, polled until it is `expected` (or 10 s pass). */
async function countOnceApplied(client, id, expected) {
  let count;
  for (let tries = 0; tries < 40; tries++) {
    count = (await client.v1.statuses.$select(id).fetch()).favouritesCount;
    if (count === expected) {
      return count;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return count;
}

async function refused(promise, status) {
  await assert.rejects(Promise.resolve(promise), (e) => e instanceof MastoHttpError && e.statusCode === status);
}

before(async () => {
  feedline = await startFeedline();
  const anonymous = createRestAPIClient({ url: feedline.url });
  app = await anonymous.v1.apps.create({
    clientName: "feedline-mastodon-tests",
    redirectUris: "urn:ietf:wg:oauth:2.0:oob",
    scopes: "read write follow",
  });
  for (const name of ["alice", "bob", "carol"]) {
    const user = await registerUser(feedline.nativeUrl, name);
    users[name] = user;
    clients[name] = (await signIn(user)).client;
  }
});

after(async () => {
  await feedline?.stop();
});

afterEach(() => {
  checkAll();
});

describe("auth", () => {
  test("a registered app gets a password-grant token that verifies as the user", async () => {
    assert.ok(app.clientId && app.clientSecret);
    assert.deepEqual(app.scopes, ["read", "write", "follow"]);
    const me = await clients.alice.v1.accounts.verifyCredentials();
    assert.equal(me.username, "alice");
    assert.equal(me.acct, "alice");
    const verified = await clients.alice.v1.apps.verifyCredentials();
    assert.equal(verified.name, "feedline-mastodon-tests");
  });

  test("a client_credentials token reads public data but is not a user", async () => {
    const oauth = createOAuthAPIClient({ url: feedline.url });
    const token = await oauth.token.create({
      grantType: "client_credentials", clientId: app.clientId, clientSecret: app.clientSecret,
      redirectUri: "urn:ietf:wg:oauth:2.0:oob", scope: "read",
    });
    assert.equal(token.scope, "read");
    const client = createRestAPIClient({ url: feedline.url, accessToken: token.accessToken });
    assert.equal((await client.v1.accounts.$select("bob").fetch()).username, "bob");
    await refused(client.v1.accounts.verifyCredentials(), 422);
  });

  test("an app token signs a person up, the new token verifies, and a taken name is named in details", async () => {
    const oauth = createOAuthAPIClient({ url: feedline.url });
    const appToken = await oauth.token.create({
      grantType: "client_credentials", clientId: app.clientId, clientSecret: app.clientSecret,
      redirectUri: "urn:ietf:wg:oauth:2.0:oob", scope: "read write",
    });
    const signUps = createRestAPIClient({ url: feedline.url, accessToken: appToken.accessToken });
    const username = `signup_${randomBytes(4).toString("hex")}`;
    const token = await signUps.v1.accounts.create({
      username, email: `${username}@example.org`, password: "correct horse battery", agreement: true, locale: "en",
    });
    assert.equal(token.tokenType, "Bearer");
    assert.equal(token.scope, "read write");
    const me = await createRestAPIClient({ url: feedline.url, accessToken: token.accessToken }).v1.accounts.verifyCredentials();
    assert.equal(me.username, username);
    await assert.rejects(
      signUps.v1.accounts.create({
        username, email: `again_${username}@example.org`, password: "correct horse battery", agreement: true, locale: "en",
      }),
      (e) => e instanceof MastoHttpError && e.statusCode === 422 && e.details?.username?.[0]?.error === "ERR_TAKEN",
    );
  });

  test("a wrong password and a wrong client secret are refused", async () => {
    const oauth = createOAuthAPIClient({ url: feedline.url });
    await refused(oauth.token.create({
      grantType: "password", clientId: app.clientId, clientSecret: app.clientSecret,
      redirectUri: "urn:ietf:wg:oauth:2.0:oob", username: "alice", password: "not the password",
    }), 400);
    await refused(oauth.token.create({
      grantType: "password", clientId: app.clientId, clientSecret: "forged",
      redirectUri: "urn:ietf:wg:oauth:2.0:oob", username: "alice", password: users.alice.password,
    }), 401);
  });

  test("scopes are enforced per endpoint", async () => {
    const { client } = await signIn(users.alice, "read");
    assert.equal((await client.v1.accounts.verifyCredentials()).username, "alice");
    await refused(client.v1.statuses.create({ status: "read-only tokens cannot post" }), 403);
    await refused(client.v1.accounts.$select("bob").follow(), 403);
    const { client: writer } = await signIn(users.alice, "write");
    await refused(writer.v1.timelines.home.list(), 403);
  });

  test("a revoked token stops working", async () => {
    const { token, client } = await signIn(users.carol);
    assert.equal((await client.v1.accounts.verifyCredentials()).username, "carol");
    const oauth = createOAuthAPIClient({ url: feedline.url });
    await oauth.revoke({ clientId: app.clientId, clientSecret: app.clientSecret, token: token.accessToken });
    await refused(client.v1.accounts.verifyCredentials(), 401);
  });
});

describe("OAuth authorization code with PKCE, in a real browser", () => {
  test("sign in and consent in chromium, land on the callback with code and state, exchange it, use the token", async () => {
    const arrived = [];
    const callback = createServer((request, response) => {
      const url = new URL(request.url, "http://127.0.0.1");
      if (url.pathname === "/callback") arrived.push(url); // not the browser's favicon request
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      response.end("<!doctype html><title>back in the app</title><p>signed in</p>");
    });
    await new Promise((r) => callback.listen(0, "127.0.0.1", r));
    const redirectUri = `http://127.0.0.1:${callback.address().port}/callback`;
    let browser;
    try {
      // Never a downloaded browser: Debian's chromium (see .ci/services.sh).
      browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"], headless: true });
      const registered = await createRestAPIClient({ url: feedline.url }).v1.apps.create({
        clientName: "a browser client", redirectUris: redirectUri, scopes: "read write",
      });
      const verifier = randomBytes(48).toString("base64url");
      const challenge = createHash("sha256").update(verifier).digest("base64url");
      const state = randomBytes(12).toString("hex");
      const authorize = new URL("/oauth/authorize", feedline.url);
      for (const [name, value] of Object.entries({
        response_type: "code", client_id: registered.clientId, redirect_uri: redirectUri, scope: "read write",
        state, code_challenge: challenge, code_challenge_method: "S256",
      })) authorize.searchParams.set(name, value);

      const page = await browser.newPage();
      const shown = await page.goto(authorize.href);
      assert.equal(shown.status(), 200);
      assert.match(shown.headers()["content-security-policy"], /default-src 'none'/);
      assert.match(await page.textContent("h1"), /Authorize a browser client/);

      await page.fill("#username", "alice");
      await page.fill("#password", "not the password");
      await page.click("#approve");
      assert.equal(await page.textContent("#error"), "The username or password is wrong.");
      assert.equal(arrived.length, 0);

      await page.fill("#username", "alice");
      await page.fill("#password", users.alice.password);
      await Promise.all([page.waitForURL((url) => url.href.startsWith(redirectUri)), page.click("#approve")]);
      assert.equal(await page.textContent("p"), "signed in");
      assert.equal(arrived.length, 1);
      assert.equal(arrived[0].searchParams.get("state"), state);
      const code = arrived[0].searchParams.get("code");
      assert.ok(code);

      const oauth = createOAuthAPIClient({ url: feedline.url });
      const token = await oauth.token.create({
        grantType: "authorization_code", clientId: registered.clientId, redirectUri, code, codeVerifier: verifier,
      });
      assert.equal(token.scope, "read write");
      const client = createRestAPIClient({ url: feedline.url, accessToken: token.accessToken });
      assert.equal((await client.v1.accounts.verifyCredentials()).username, "alice");
      await refused(oauth.token.create({
        grantType: "authorization_code", clientId: registered.clientId, redirectUri, code, codeVerifier: verifier,
      }), 400);
    } finally {
      // A browser that failed to start must not leave the callback server holding the suite open.
      await browser?.close();
      await new Promise((r) => callback.close(r));
    }
  });
});

describe("instance", () => {
  test("v1 and v2 carry a version clients accept and the status limit", async () => {
    const anonymous = createRestAPIClient({ url: feedline.url });
    const v2 = await anonymous.v2.instance.fetch();
    assert.match(v2.version, /^4\.\d+\.\d+ \(compatible; Feedline /);
    assert.equal(v2.configuration.statuses.maxCharacters, 500);
    const v1 = await anonymous.v1.instance.fetch();
    assert.equal(v1.version, v2.version);
  });
});

describe("statuses, follows, favourites and the home timeline", () => {
  test("post with an Idempotency-Key, read, and a replay returns the same status", async () => {
    const first = await clients.bob.v1.statuses.create({ status: "hello <fediverse>" }, { requestInit: { headers: { "Idempotency-Key": "bob-1" } } });
    const again = await clients.bob.v1.statuses.create({ status: "hello <fediverse>" }, { requestInit: { headers: { "Idempotency-Key": "bob-1" } } });
    assert.equal(again.id, first.id);
    assert.equal(first.content, "<p>hello &lt;fediverse&gt;</p>");
    assert.equal(first.account.username, "bob");
    const read = await clients.alice.v1.statuses.$select(first.id).fetch();
    assert.equal(read.id, first.id);
    const context = await clients.alice.v1.statuses.$select(first.id).context.fetch();
    assert.deepEqual(context, { ancestors: [], descendants: [] });
  });

  test("follow, relationships, followers and following", async () => {
    const relationship = await clients.alice.v1.accounts.$select("bob").follow();
    assert.equal(relationship.following, true);
    assert.equal(relationship.id, "bob");
    const [rel] = await clients.alice.v1.accounts.relationships.fetch({ id: ["bob"] });
    assert.equal(rel.following, true);
    assert.equal(rel.followedBy, false);
    const followers = await clients.alice.v1.accounts.$select("bob").followers.list();
    assert.deepEqual(followers.map((a) => a.username), ["alice"]);
    const following = await clients.alice.v1.accounts.$select("alice").following.list();
    assert.deepEqual(following.map((a) => a.username), ["bob"]);
    const bob = await clients.alice.v1.accounts.lookup({ acct: "bob" });
    assert.equal(bob.followersCount, 1);
  });

  test("the home timeline pages through Link headers, newest first, with nothing lost or repeated", async () => {
    await clients.carol.v1.accounts.$select("alice").follow();
    const posted = [];
    for (let i = 0; i < 7; i++) {
      posted.push((await clients.alice.v1.statuses.create({ status: `post ${i}` })).id);
    }
    const expected = [...posted].reverse();
    const pagesOfThree = async () => {
      const pages = [];
      for await (const page of clients.carol.v1.timelines.home.list({ limit: 3 })) {
        pages.push(page.map((s) => s.id));
        if (pages.length > 10) break;
      }
      return pages;
    };
    // The fan-out workers deliver the seven posts side by side, so the newest can arrive before an
    // older one. A 40-status page can show every one of them before the last is delivered: while
    // the new follower's window is being rebuilt, a read continues past the durable feed's end by
    // merging the followed authors' posts, and the next read, from the rebuilt window, may still
    // lack the newest. So page until the 3-status pages themselves have met all seven, and check
    // those pages: in order, each post once, nothing lost at a page's edge.
    let pages = [];
    for (let attempt = 0; attempt < 40; attempt++) {
      pages = await pagesOfThree();
      if (expected.every((id) => pages.flat().includes(id))) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    assert.deepEqual(pages.map((p) => p.length), [3, 3, 1]);
    assert.deepEqual(pages.flat(), expected);

    const newer = await clients.carol.v1.timelines.home.list({ minId: expected[3], limit: 2 });
    assert.deepEqual(newer.map((s) => s.id), [expected[1], expected[2]]);
    const since = await clients.carol.v1.timelines.home.list({ sinceId: expected[3], limit: 2 });
    assert.deepEqual(since.map((s) => s.id), [expected[0], expected[1]]);
    const older = await clients.carol.v1.timelines.home.list({ maxId: expected[3], limit: 2 });
    assert.deepEqual(older.map((s) => s.id), [expected[4], expected[5]]);
  });

  test("replies thread: in_reply_to fields, mentions, replies_count and the context both ways", async () => {
    const root = await clients.bob.v1.statuses.create({ status: "a thread starts" });
    const reply = await clients.alice.v1.statuses.create({ status: "@bob and @carol, a reply", inReplyToId: root.id });
    assert.equal(reply.inReplyToId, root.id);
    assert.equal(reply.inReplyToAccountId, "bob");
    assert.deepEqual(reply.mentions.map((m) => [m.id, m.acct, m.username]), [["bob", "bob", "bob"], ["carol", "carol", "carol"]]);
    const nested = await clients.carol.v1.statuses.create({ status: "deeper", inReplyToId: reply.id });
    const second = await clients.carol.v1.statuses.create({ status: "another answer to the root", inReplyToId: root.id });
    // Reply counts move through the outbox, as favourites do.
    let repliesCount;
    for (let tries = 0; tries < 40; tries++) {
      repliesCount = (await clients.bob.v1.statuses.$select(root.id).fetch()).repliesCount;
      if (repliesCount === 2) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    assert.equal(repliesCount, 2);

    const below = await clients.bob.v1.statuses.$select(root.id).context.fetch();
    assert.deepEqual(below.ancestors, []);
    assert.deepEqual(below.descendants.map((s) => s.id), [reply.id, nested.id, second.id]);
    const above = await clients.bob.v1.statuses.$select(nested.id).context.fetch();
    assert.deepEqual(above.ancestors.map((s) => s.id), [root.id, reply.id]);
    assert.deepEqual(above.descendants, []);

    await refused(clients.bob.v1.statuses.create({ status: "to nothing", inReplyToId: "01ARZ3NDEKTSV4RRFFQ69G5FAV" }), 404);
  });

  test("favourite and unfavourite count the caller's own change at once and converge", async () => {
    const status = await clients.bob.v1.statuses.create({ status: "like me" });
    const liked = await clients.alice.v1.statuses.$select(status.id).favourite();
    assert.equal(liked.favourited, true);
    assert.equal(liked.favouritesCount, 1);
    await clients.carol.v1.statuses.$select(status.id).favourite();
    // Counts move through the outbox: another reader sees them once the worker has applied them.
    assert.equal(await countOnceApplied(clients.bob, status.id, 2), 2);
    const unliked = await clients.alice.v1.statuses.$select(status.id).unfavourite();
    assert.equal(unliked.favourited, false);
    assert.equal(unliked.favouritesCount, 1);
    assert.equal(await countOnceApplied(clients.bob, status.id, 1), 1);
  });

  test("an author's statuses, and delete: only the author may, and it is gone", async () => {
    const status = await clients.bob.v1.statuses.create({ status: "short-lived" });
    const mine = await clients.alice.v1.accounts.$select("bob").statuses.list({ limit: 40 });
    assert.ok(mine.some((s) => s.id === status.id));
    await refused(clients.alice.v1.statuses.$select(status.id).remove(), 403);
    const deleted = await clients.bob.v1.statuses.$select(status.id).remove();
    assert.equal(deleted.text, "short-lived");
    await refused(clients.alice.v1.statuses.$select(status.id).fetch(), 404);
    await refused(clients.alice.v1.accounts.$select("nobody_here").fetch(), 404);
  });

  test("every response body was checked against the schema", () => {
    assert.equal(seen.length, 0);
  });
});

describe("notifications and markers", () => {
  let dave;
  let erin;

  async function settled(client, count) {
    for (let attempt = 0; attempt < 60; attempt++) {
      const rows = await client.v1.notifications.list({ limit: 40 });
      if (rows.length >= count) return rows;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`fewer than ${count} notifications arrived`);
  }

  before(async () => {
    dave = (await signIn(await registerUser(feedline.nativeUrl, "dave"))).client;
    erin = (await signIn(await registerUser(feedline.nativeUrl, "erin"))).client;
  });

  test("a favourite, a follow, a reply and a mention arrive as Mastodon types, filtered and paged", async () => {
    const post = await dave.v1.statuses.create({ status: "notify me" });
    await erin.v1.statuses.$select(post.id).favourite();
    await erin.v1.accounts.$select("dave").follow();
    const reply = await erin.v1.statuses.create({ status: "a reply", inReplyToId: post.id });
    const mention = await erin.v1.statuses.create({ status: "hello @dave" });

    const all = await settled(dave, 4);
    // Grouped rows (likes, follows) sort at the start of their day's window, below single ones.
    assert.deepEqual(all.map((n) => n.type), ["mention", "mention", "favourite", "follow"]);
    assert.deepEqual(all.map((n) => n.status?.id ?? null), [mention.id, reply.id, post.id, null]);
    assert.ok(all.every((n) => n.account.username === "erin"));

    const favourites = await dave.v1.notifications.list({ types: ["favourite"] });
    assert.deepEqual(favourites.map((n) => n.id), [all[2].id]);
    const noMentions = await dave.v1.notifications.list({ excludeTypes: ["mention"] });
    assert.deepEqual(noMentions.map((n) => n.type), ["favourite", "follow"]);
    assert.deepEqual(await dave.v1.notifications.list({ types: ["reblog"] }), []);

    const pages = [];
    for await (const page of dave.v1.notifications.list({ limit: 3 })) {
      pages.push(page.map((n) => n.id));
      if (pages.length > 5) break;
    }
    assert.deepEqual(pages.flat(), all.map((n) => n.id));
    assert.equal(pages[0].length, 3);
    const newer = await dave.v1.notifications.list({ minId: all[3].id, limit: 2 });
    assert.deepEqual(newer.map((n) => n.id), [all[1].id, all[2].id]);
    const since = await dave.v1.notifications.list({ sinceId: all[3].id, limit: 2 });
    assert.deepEqual(since.map((n) => n.id), [all[0].id, all[1].id]);
    const older = await dave.v1.notifications.list({ maxId: all[1].id });
    assert.deepEqual(older.map((n) => n.id), [all[2].id, all[3].id]);

    const one = await dave.v1.notifications.$select(all[2].id).fetch();
    assert.equal(one.type, "favourite");
    assert.equal(one.status.id, post.id);
    await refused(erin.v1.notifications.$select(all[2].id).fetch(), 404);
  });

  test("the grouped v2 list carries each group once with its accounts and statuses", async () => {
    const followed = await clients.carol.v1.accounts.$select("dave").follow();
    assert.equal(followed.following, true);
    let grouped;
    for (let attempt = 0; attempt < 60; attempt++) {
      grouped = await dave.v2.notifications.list().values().next().then((r) => r.value);
      const follow = grouped.notificationGroups.find((g) => g.type === "follow");
      if (follow?.notificationsCount === 2) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const follow = grouped.notificationGroups.find((g) => g.type === "follow");
    assert.equal(follow.notificationsCount, 2);
    assert.deepEqual([...follow.sampleAccountIds].sort(), ["carol", "erin"]);
    assert.deepEqual(grouped.notificationGroups.map((g) => g.type), ["mention", "mention", "favourite", "follow"]);
    assert.deepEqual(grouped.accounts.map((a) => a.id).sort(), ["carol", "erin"]);
    assert.equal(grouped.statuses.length, 3);
    const favourite = grouped.notificationGroups.find((g) => g.type === "favourite");
    assert.ok(grouped.statuses.some((s) => s.id === favourite.statusId));
  });

  test("the notifications marker is the read marker: it moves the unread count; home and clear are refused", async () => {
    const all = await settled(dave, 4);
    assert.equal((await dave.v1.notifications.unreadCount.fetch()).count, all.length);
    assert.deepEqual(await dave.v1.markers.fetch({ timeline: ["notifications"] }), {});

    const saved = await dave.v1.markers.create({ notifications: { lastReadId: all[1].id } });
    assert.equal(saved.notifications.lastReadId, all[1].id);
    assert.equal((await dave.v1.notifications.unreadCount.fetch()).count, 1);
    const read = await dave.v1.markers.fetch({ timeline: ["home", "notifications"] });
    assert.deepEqual(Object.keys(read), ["notifications"]);
    assert.equal(read.notifications.lastReadId, all[1].id);

    await refused(dave.v1.markers.create({ home: { lastReadId: "01ARZ3NDEKTSV4RRFFQ69G5FAV" } }), 422);
    await refused(dave.v1.markers.create({ notifications: { lastReadId: "12345" } }), 422);
    await refused(dave.v1.notifications.clear(), 422);
    assert.equal((await dave.v1.notifications.list()).length, all.length);
  });

  test("dismiss removes one notification, by id in v1 and by group key in v2; a dismissed one is then 404", async () => {
    const before = await dave.v1.notifications.list({ limit: 40 });
    await dave.v1.notifications.$select(before[0].id).dismiss();
    const after = await dave.v1.notifications.list({ limit: 40 });
    assert.equal(after.length, before.length - 1);
    assert.ok(!after.some((n) => n.id === before[0].id));
    const grouped = await dave.v2.notifications.list();
    const key = grouped.notificationGroups[0].groupKey;
    await dave.v2.notifications.$select(key).dismiss();
    const left = await dave.v2.notifications.list();
    assert.ok(!left.notificationGroups.some((g) => g.groupKey === key));
    assert.equal(left.notificationGroups.length, grouped.notificationGroups.length - 1);
    await refused(dave.v1.notifications.$select(before[0].id).dismiss(), 404);
  });

  test("every response body was checked against the schema", () => {
    assert.equal(seen.length, 0);
  });
});

describe("hashtags, trends, search, the public timeline, mutes and blocks", () => {
  let fay;
  let gus;
  const tag = `masto${randomBytes(4).toString("hex").replace(/[0-9]/g, "x")}`;

  async function until(read, done, what, tries = 120) {
    for (let attempt = 0; attempt < tries; attempt++) {
      const value = await read();
      if (done(value)) return value;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`${what} did not happen in time`);
  }

  before(async () => {
    fay = (await signIn(await registerUser(feedline.nativeUrl, "fay"))).client;
    gus = (await signIn(await registerUser(feedline.nativeUrl, "gus"))).client;
  });

  test("a status carries its tags; the tag timeline and the public timeline list it", async () => {
    const status = await gus.v1.statuses.create({ status: `tuning #${tag.toUpperCase()} today` });
    assert.deepEqual(status.tags.map((t) => t.name), [tag]);
    assert.equal(status.tags[0].url, `${feedline.url}/tags/${tag}`);
    const timeline = await fay.v1.timelines.tag.$select(tag).list();
    assert.deepEqual(timeline.map((s) => s.id), [status.id]);
    const everyone = await fay.v1.timelines.public.list({ limit: 40 });
    assert.ok(everyone.some((s) => s.id === status.id));
    assert.deepEqual(await fay.v1.timelines.public.list({ remote: true }), []);
  });

  test("follow and unfollow a tag; its posts reach the home timeline", async () => {
    assert.equal((await fay.v1.tags.$select(tag).fetch()).following, false);
    const followed = await fay.v1.tags.$select(tag).follow();
    assert.equal(followed.following, true);
    assert.deepEqual((await fay.v1.followedTags.list()).map((t) => t.name), [tag]);
    const later = await gus.v1.statuses.create({ status: `more #${tag}` });
    await until(() => fay.v1.timelines.home.list({ limit: 5 }), (home) => home.some((s) => s.id === later.id), "the tagged post reaching fay's home");
    const unfollowed = await fay.v1.tags.$select(tag).unfollow();
    assert.equal(unfollowed.following, false);
    assert.deepEqual(await fay.v1.followedTags.list(), []);
  });

  test("v2 search finds statuses once indexed, accounts and hashtags by prefix", async () => {
    const found = await until(() => fay.v2.search.list({ q: tag, type: "statuses" }), (r) => r.statuses.length === 2, "indexing");
    assert.ok(found.statuses.every((s) => s.account.id === "gus"));
    const people = await fay.v2.search.list({ q: "gu", type: "accounts" });
    assert.ok(people.accounts.some((a) => a.id === "gus"));
    const tags = await fay.v2.search.list({ q: `#${tag.slice(0, 8)}`, type: "hashtags" });
    assert.deepEqual(tags.hashtags.map((t) => t.name), [tag]);
    await refused(fay.v2.search.list({ q: tag, type: "people" }), 422);
  });

  test("trends: the tags list and the statuses ranked by engagement", async () => {
    const liked = await gus.v1.statuses.create({ status: `worth a like #${tag}` });
    await fay.v1.statuses.$select(liked.id).favourite();
    const trending = await until(() => fay.v1.trends.statuses.list({ limit: 40 }), (list) => list.some((s) => s.id === liked.id),
      "the liked status trending");
    assert.ok(trending.some((s) => s.id === liked.id));
    const tags = await fay.v1.trends.tags.list();
    assert.ok(Array.isArray(tags));
  });

  test("mute and block, their lists, and what they hide", async () => {
    const muted = await fay.v1.accounts.$select("gus").mute();
    assert.equal(muted.muting, true);
    assert.deepEqual((await fay.v1.mutes.list()).map((a) => a.id), ["gus"]);
    assert.deepEqual(await fay.v1.timelines.tag.$select(tag).list(), []);
    assert.equal((await fay.v2.search.list({ q: tag, type: "statuses" })).statuses.length, 0);
    assert.equal((await fay.v1.accounts.$select("gus").unmute()).muting, false);
    assert.ok((await fay.v1.timelines.tag.$select(tag).list()).length > 0);

    const fays = await fay.v1.statuses.create({ status: "only for those fay does not block" });
    const blocked = await fay.v1.accounts.$select("gus").block();
    assert.equal(blocked.blocking, true);
    assert.deepEqual((await fay.v1.blocks.list()).map((a) => a.id), ["gus"]);
    await refused(fay.v1.accounts.$select("gus").follow(), 403);
    const [seenByGus] = await gus.v1.accounts.relationships.fetch({ id: ["fay"] });
    assert.equal(seenByGus.blockedBy, true);
    // The blocked side finds neither the blocker's statuses nor the blocker's account, nor favourites them.
    await refused(gus.v1.statuses.$select(fays.id).fetch(), 404);
    await refused(gus.v1.statuses.$select(fays.id).context.fetch(), 404);
    await refused(gus.v1.accounts.$select("fay").fetch(), 404);
    await refused(gus.v1.accounts.$select("fay").statuses.list(), 404);
    await refused(gus.v1.statuses.$select(fays.id).favourite(), 404);
    assert.equal((await fay.v1.accounts.$select("gus").fetch()).id, "gus");
    assert.equal((await fay.v1.accounts.$select("gus").unblock()).blocking, false);
    assert.equal((await gus.v1.statuses.$select(fays.id).fetch()).id, fays.id);
    assert.deepEqual(await fay.v1.blocks.list(), []);
    const notifying = await fay.v1.accounts.$select("gus").follow({ notify: true });
    assert.equal(notifying.notifying, true);
  });

  test("reblog answers the wrapper status, idempotently, notifies the author as reblog, and unreblog undoes it", async () => {
    const original = await fay.v1.statuses.create({ status: "worth sharing" });
    const wrapper = await gus.v1.statuses.$select(original.id).reblog();
    assert.equal(wrapper.account.id, "gus");
    assert.equal(wrapper.reblog.id, original.id);
    assert.equal(wrapper.reblog.reblogsCount, 1);
    assert.equal(wrapper.reblogged, true);
    assert.notEqual(wrapper.id, original.id);
    const again = await gus.v1.statuses.$select(original.id).reblog();
    assert.equal(again.id, wrapper.id);
    assert.equal(again.reblog.reblogsCount, 1);
    const notified = await until(() => fay.v1.notifications.list({ types: ["reblog"] }), (rows) => rows.length === 1, "the reblog notification");
    assert.equal(notified[0].account.id, "gus");
    assert.equal(notified[0].status.id, original.id);
    const rebloggedBy = await fay.v1.statuses.$select(original.id).rebloggedBy.list();
    assert.deepEqual(rebloggedBy.map((a) => a.id), ["gus"]);
    await gus.v1.statuses.$select(original.id).favourite();
    const favouritedBy = await fay.v1.statuses.$select(original.id).favouritedBy.list();
    assert.deepEqual(favouritedBy.map((a) => a.id), ["gus"]);
    const undone = await gus.v1.statuses.$select(original.id).unreblog();
    assert.equal(undone.id, original.id);
    assert.equal(undone.reblogged, false);
    assert.equal(undone.reblogsCount, 0);
  });

  test("every response body was checked against the schema", () => {
    assert.equal(seen.length, 0);
  });
});

describe("streaming: the user, public and hashtag streams over WebSocket and server-sent events", () => {
  let hal;
  let ida;
  let idaToken;
  let streaming;
  const tag = `live${randomBytes(4).toString("hex").replace(/[0-9]/g, "x")}`;

  /**
   * The next event of `events` that `wanted` accepts, skipping others, or a failure after `ms`. A
   * read still waiting when the time is up is kept for the next call, so no event is lost to it.
   */
  async function nextEvent(events, wanted, what, ms = 20_000) {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      events.pending ??= events.next();
      let timer;
      const next = await Promise.race([events.pending, new Promise((r) => { timer = setTimeout(() => r(undefined), deadline - Date.now()); })]);
      clearTimeout(timer);
      if (next === undefined) break;
      events.pending = undefined;
      if (next.done) throw new Error(`the stream ended while waiting for ${what}`);
      if (wanted(next.value)) return next.value;
    }
    throw new Error(`${what} did not arrive within ${ms} ms`);
  }

  /**
   * Makes sure the server has taken the subscription (the protocol has no acknowledgement): posts
   * by `author` until one arrives on `events`.
   */
  async function live(events, author, label) {
    for (let attempt = 0; attempt < 20; attempt++) {
      const probe = await author.v1.statuses.create({ status: `${label} probe ${attempt} #${tag}` });
      try {
        return await nextEvent(events, (e) => e.event === "update" && e.payload.id === probe.id, "a probe", 3_000);
      } catch {
        // Not subscribed yet: try again.
      }
    }
    throw new Error(`the ${label} stream never went live`);
  }

  before(async () => {
    hal = (await signIn(await registerUser(feedline.nativeUrl, "hal"))).client;
    const signedIn = await signIn(await registerUser(feedline.nativeUrl, "ida"));
    ida = signedIn.client;
    idaToken = signedIn.token.accessToken;
    await ida.v1.accounts.$select("hal").follow();
    const instance = await ida.v2.instance.fetch();
    assert.match(instance.configuration.urls.streaming, /^ws:\/\/127\.0\.0\.1:\d+$/);
    streaming = createStreamingAPIClient({ streamingApiUrl: instance.configuration.urls.streaming, accessToken: idaToken, retry: 3 });
  });

  after(() => {
    streaming?.close();
  });

  test("stream user: a followed author's post arrives as an update, its deletion as a delete, a favourite as a notification", async () => {
    const subscription = streaming.user.subscribe();
    const events = subscription[Symbol.asyncIterator]();
    try {
      await live(events, hal, "user");

      const status = await hal.v1.statuses.create({ status: "live from the stream" });
      const update = await nextEvent(events, (e) => e.event === "update" && e.payload.id === status.id, "the update");
      assert.deepEqual(update.stream, ["user"]);
      assert.equal(update.payload.account.username, "hal");
      assert.equal(update.payload.content, "<p>live from the stream</p>");

      await hal.v1.statuses.$select(status.id).remove();
      const deleted = await nextEvent(events, (e) => e.event === "delete" && e.payload === status.id, "the delete");
      assert.deepEqual(deleted.stream, ["user"]);

      const mine = await ida.v1.statuses.create({ status: "favourite this" });
      await hal.v1.statuses.$select(mine.id).favourite();
      const notification = await nextEvent(events, (e) => e.event === "notification", "the notification");
      assert.equal(notification.payload.type, "favourite");
      assert.equal(notification.payload.account.username, "hal");
      assert.equal(notification.payload.status.id, mine.id);
    } finally {
      subscription.unsubscribe();
    }
  });

  test("stream hashtag and public over the same WebSocket; an unknown stream is refused with an error", async () => {
    const tagged = streaming.hashtag.subscribe({ tag });
    const everything = streaming.public.subscribe();
    const tagEvents = tagged[Symbol.asyncIterator]();
    const publicEvents = everything[Symbol.asyncIterator]();
    try {
      await live(tagEvents, hal, "hashtag");
      await live(publicEvents, hal, "public");
      const status = await hal.v1.statuses.create({ status: `tagged #${tag} and public` });
      const onTag = await nextEvent(tagEvents, (e) => e.event === "update" && e.payload.id === status.id, "the tag update");
      assert.deepEqual(onTag.stream, ["hashtag", tag]);
      assert.deepEqual(onTag.payload.tags.map((t) => t.name), [tag]);
      const onPublic = await nextEvent(publicEvents, (e) => e.event === "update" && e.payload.id === status.id, "the public update");
      assert.deepEqual(onPublic.stream, ["public"]);
    } finally {
      tagged.unsubscribe();
      everything.unsubscribe();
    }

    const socket = new WebSocket(`${feedline.url.replace("http", "ws")}/api/v1/streaming?stream=direct`, [idaToken]);
    const error = await new Promise((resolve, reject) => {
      socket.on("message", (data) => resolve(JSON.parse(data.toString())));
      socket.on("error", reject);
    });
    socket.close();
    assert.deepEqual(error, { error: "Unknown stream type", status: 400 });
  });

  // masto.js hands its caller payloads with camelCased keys, so the payloads are checked against the
  // schema here, where they are read raw.
  test("the server-sent-events form: GET /api/v1/streaming/user sends updates and notifications, schema-checked", async () => {
    const abort = new AbortController();
    const response = await fetch(`${feedline.url}/api/v1/streaming/user`, {
      headers: { Authorization: `Bearer ${idaToken}` }, signal: abort.signal,
    });
    assert.equal(response.status, 200);
    assert.match(response.headers.get("content-type"), /^text\/event-stream/);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    async function* frames() {
      while (true) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: ?(.*)$/m.exec(frame)?.[1];
          const data = /^data: ?(.*)$/m.exec(frame)?.[1];
          if (event) yield { event, payload: event === "delete" ? data : JSON.parse(data) };
        }
      }
    }
    const events = frames();
    try {
      await live(events, hal, "server-sent user");
      const status = await hal.v1.statuses.create({ status: "sent as an event" });
      const update = await nextEvent(events, (e) => e.event === "update" && e.payload.id === status.id, "the SSE update");
      checkEntity("Status", update.payload);
      assert.equal(update.payload.account.username, "hal");

      const mine = await ida.v1.statuses.create({ status: "favourite this one too" });
      await hal.v1.statuses.$select(mine.id).favourite();
      const notification = await nextEvent(events, (e) => e.event === "notification" && e.payload.status?.id === mine.id, "the SSE notification");
      checkEntity("Notification", notification.payload);
      assert.equal(notification.payload.type, "favourite");
    } finally {
      abort.abort();
    }

    const refused = await fetch(`${feedline.url}/api/v1/streaming/user`);
    assert.equal(refused.status, 401);
    const health = await fetch(`${feedline.url}/api/v1/streaming/health`);
    assert.equal(await health.text(), "OK");
  });
});

describe("media", () => {
  // An 8×8 RGB PNG: small enough to read here, a real image for the server to decode and re-encode.
  const PNG = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAbElEQVR42hXNQRUAUQhCUaMYhShGeVGIQhSizB+XXA7ODDtouIHBQ4YOM8suWm5h8ZKl+0CskDiBsIioHhx76LiDw0eO3oN/4FVf+J8h0PduzBqZ8x/bxNQPwgaFy192SGgelC0q13/CJaXlA8Z7WAFXOTbyAAAAAElFTkSuQmCC",
    "base64",
  );

  test("an image uploaded with v2 media is attached to a status, reaches a follower's home and its url serves it", async () => {
    const hana = (await signIn(await registerUser(feedline.nativeUrl, "hana"))).client;
    const ivan = (await signIn(await registerUser(feedline.nativeUrl, "ivan"))).client;
    await ivan.v1.accounts.$select("hana").follow();

    const media = await hana.v2.media.create({ file: new Blob([PNG], { type: "image/png" }), description: "a gradient" });
    assert.equal(media.type, "image");
    assert.equal(media.description, "a gradient");
    assert.equal(media.meta.original.width, 8);
    const status = await hana.v1.statuses.create({ status: "a photo", mediaIds: [media.id] });
    assert.deepEqual(status.mediaAttachments.map((m) => m.id), [media.id]);

    let listed;
    for (let attempt = 0; attempt < 40 && !listed; attempt++) {
      listed = (await ivan.v1.timelines.home.list({ limit: 5 })).find((s) => s.id === status.id);
      if (!listed) await new Promise((r) => setTimeout(r, 250));
    }
    assert.ok(listed, "the status reached the follower's home timeline");
    assert.equal(listed.mediaAttachments[0].url, media.url);
    assert.equal(listed.mediaAttachments[0].description, "a gradient");

    const served = await fetch(media.url);
    assert.equal(served.status, 200);
    assert.equal(served.headers.get("content-type"), "image/png");
    assert.equal(served.headers.get("x-content-type-options"), "nosniff");
    const bytes = new Uint8Array(await served.arrayBuffer());
    assert.deepEqual([...bytes.slice(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10]);
  });

  test("a person signed up by an app edits their profile with an avatar and reads it back", async () => {
    const oauth = createOAuthAPIClient({ url: feedline.url });
    const appToken = await oauth.token.create({
      grantType: "client_credentials", clientId: app.clientId, clientSecret: app.clientSecret,
      redirectUri: "urn:ietf:wg:oauth:2.0:oob", scope: "read write",
    });
    const username = `face_${randomBytes(4).toString("hex")}`;
    const token = await createRestAPIClient({ url: feedline.url, accessToken: appToken.accessToken }).v1.accounts.create({
      username, email: `${username}@example.org`, password: "correct horse battery", agreement: true, locale: "en",
    });
    const me = createRestAPIClient({ url: feedline.url, accessToken: token.accessToken });

    const edited = await me.v1.accounts.updateCredentials({
      displayName: "Face Owner", note: "likes gradients",
      avatar: new Blob([PNG], { type: "image/png" }),
      fieldsAttributes: [{ name: "Site", value: "example.org" }],
    });
    assert.equal(edited.displayName, "Face Owner");
    assert.equal(edited.source.note, "likes gradients");
    assert.deepEqual(edited.fields.map((f) => f.name), ["Site"]);
    assert.match(edited.avatar, /\/media\/profile-/);

    const read = await me.v1.accounts.verifyCredentials();
    assert.equal(read.displayName, "Face Owner");
    assert.equal(read.avatar, edited.avatar);
    const served = await fetch(read.avatar);
    assert.equal(served.status, 200);
    assert.equal(served.headers.get("content-type"), "image/png");
  });

  test("a video is refused, naming the file, in Mastodon's error shape", async () => {
    const hana = (await signIn(users.alice)).client;
    await assert.rejects(
      hana.v2.media.create({ file: new Blob([Buffer.from("not a video at all")], { type: "video/mp4" }) }),
      (e) => e instanceof MastoHttpError && e.statusCode === 422 && /file/.test(e.message),
    );
  });
});
