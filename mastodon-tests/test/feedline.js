// Starts the production jar (embedded profile, in-memory DynamoDB, free ports) for the suite and
// stops it afterwards. A missing jar or JDK fails loudly with what to do.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const JAR = resolve(here, "../../app/target/feedline-all.jar");

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

function javaAtLeast21(candidate) {
  const probe = spawnSync(candidate, ["-version"], { encoding: "utf8" });
  const match = /version "(\d+)/.exec(probe.stderr ?? "");
  return match !== null && Number(match[1]) >= 21;
}

function findJava() {
  const candidates = [];
  if (process.env.FEEDLINE_JAVA) candidates.push(process.env.FEEDLINE_JAVA);
  if (process.env.JAVA_HOME) candidates.push(join(process.env.JAVA_HOME, "bin", "java"));
  if (existsSync("/usr/lib/jvm")) {
    for (const jdk of readdirSync("/usr/lib/jvm").sort().reverse()) candidates.push(join("/usr/lib/jvm", jdk, "bin", "java"));
  }
  candidates.push("java");
  const java = candidates.find((c) => (c === "java" || existsSync(c)) && javaAtLeast21(c));
  if (!java) throw new Error("no JDK 21+ found: set FEEDLINE_JAVA to a java 21+ executable");
  return java;
}

async function waitUntilUp(url, child, log) {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`feedline exited with ${child.exitCode}:\n${log.join("")}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`feedline did not answer ${url} within 60 s:\n${log.join("")}`);
}

/** A running Feedline: its Mastodon base URL, its native base URL, and stop(). */
export async function startFeedline() {
  if (!existsSync(JAR)) {
    throw new Error(`${JAR} is missing: build it first (mvn -o -pl app -am package -DskipTests)`);
  }
  const [httpPort, mastodonPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(join(tmpdir(), "feedline-mastodon-"));
  const log = [];
  const child = spawn(findJava(), ["--enable-native-access=ALL-UNNAMED", "-jar", JAR, "serve"], {
    env: {
      ...process.env,
      FEEDLINE_PROFILE: "embedded",
      FEEDLINE_HTTP_HOST: "127.0.0.1",
      FEEDLINE_HTTP_PORT: String(httpPort),
      FEEDLINE_MASTODON_ENABLED: "true",
      FEEDLINE_MASTODON_PORT: String(mastodonPort),
      // Every user of the suite signs in from one address, and the Mastodon port spends the native
      // rate limits: the defaults (10 password checks a minute per address) are for real clients.
      FEEDLINE_HTTP_RATE_LIMIT_REQUESTS: "100000",
      FEEDLINE_HTTP_RATE_LIMIT_CREDENTIALS_REQUESTS: "10000",
      FEEDLINE_DYNAMODB_IN_MEMORY: "true",
      FEEDLINE_DYNAMODB_DATA_DIR: dataDir,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk) => log.push(chunk.toString()));
  child.stderr.on("data", (chunk) => log.push(chunk.toString()));
  const url = `http://127.0.0.1:${mastodonPort}`;
  const nativeUrl = `http://127.0.0.1:${httpPort}`;
  try {
    await waitUntilUp(`${url}/api/v1/instance`, child, log);
  } catch (e) {
    child.kill("SIGKILL");
    throw e;
  }
  return {
    url,
    nativeUrl,
    log,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs a user up through the native API: Mastodon's own sign-up is not offered. */
export async function registerUser(nativeUrl, username) {
  const response = await fetch(`${nativeUrl}/users`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username, email: `${username}@example.org`, password: `${username} secret words`, displayName: username }),
  });
  if (response.status !== 201) throw new Error(`sign-up of ${username} failed: ${response.status} ${await response.text()}`);
  return { username, password: `${username} secret words` };
}
