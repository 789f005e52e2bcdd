// Checks every response body the client receives against Mastodon's OpenAPI document: the schema
// of the documented response for the route (method and path template), or Error for a refusal.
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const document = JSON.parse(readFileSync(resolve(here, "../schema/schema.json"), "utf8"));

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
addFormats(ajv);
ajv.addFormat("iso-639-1", /^[a-z]{2,3}$/);
ajv.addSchema({ $id: "mastodon", components: document.components });

const routes = Object.entries(document.paths).map(([template, operations]) => ({
  template,
  pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`),
  literal: template.split("/").filter((s) => !s.startsWith("{")).length,
  operations,
}));

const validators = new Map();
function validatorFor(schema) {
  const key = JSON.stringify(schema);
  if (!validators.has(key)) {
    const rewritten = JSON.parse(key.replaceAll('"#/components/', '"mastodon#/components/'));
    validators.set(key, ajv.compile(rewritten));
  }
  return validators.get(key);
}

/** The documented response schema for a method, path and status; the most literal template wins. */
export function responseSchema(method, path, status) {
  const route = routes
    .filter((r) => r.pattern.test(path) && r.operations[method.toLowerCase()])
    .sort((a, b) => b.literal - a.literal)[0];
  if (status >= 400) return { $ref: "#/components/schemas/Error" };
  if (!route) return undefined;
  const response = route.operations[method.toLowerCase()].responses?.[String(status)];
  return response?.content?.["application/json"]?.schema;
}

/** Whether the route documents the status as an answer with no body ("Empty", as for dismiss). */
function documentedEmpty(method, path, status) {
  const route = routes
    .filter((r) => r.pattern.test(path) && r.operations[method.toLowerCase()])
    .sort((a, b) => b.literal - a.literal)[0];
  const response = route?.operations[method.toLowerCase()].responses?.[String(status)];
  return response !== undefined && response.content === undefined;
}

/** Every response seen, in order: method, path, status, body and whether it was checked. */
export const seen = [];

const original = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const response = await original(input, init);
  const request = input instanceof Request ? input : new Request(input, init);
  const url = new URL(request.url);
  const type = response.headers.get("content-type") ?? "";
  if (type.includes("json") && /^\/(api|oauth)\//.test(url.pathname)) {
    seen.push({ method: request.method, path: url.pathname, status: response.status, body: await response.clone().json() });
  }
  return response;
};

/** Throws unless every body seen so far matches its documented schema; returns how many were checked. */
export function checkAll() {
  let checked = 0;
  for (const entry of seen.splice(0)) {
    const schema = responseSchema(entry.method, entry.path, entry.status);
    if (schema === undefined) {
      if (entry.path === "/oauth/revoke" && Object.keys(entry.body).length === 0) continue;
      if (documentedEmpty(entry.method, entry.path, entry.status) && Object.keys(entry.body).length === 0) continue;
      throw new Error(`no documented response for ${entry.method} ${entry.path} ${entry.status}`);
    }
    const validate = validatorFor(schema);
    if (!validate(entry.body)) {
      throw new Error(`${entry.method} ${entry.path} ${entry.status} does not match the Mastodon schema: ` +
        `${ajv.errorsText(validate.errors, { separator: "\n  " })}\n  body: ${JSON.stringify(entry.body).slice(0, 800)}`);
    }
    checked++;
  }
  return checked;
}

/** Throws unless `body` matches the component schema `name` (a streamed event's payload, say). */
export function checkEntity(name, body) {
  const validate = validatorFor({ $ref: `#/components/schemas/${name}` });
  if (!validate(body)) {
    throw new Error(`a streamed ${name} does not match the Mastodon schema: ` +
      `${ajv.errorsText(validate.errors, { separator: "\n  " })}\n  body: ${JSON.stringify(body).slice(0, 800)}`);
  }
}
