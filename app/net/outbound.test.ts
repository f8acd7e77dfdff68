import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Agent, getGlobalDispatcher, setGlobalDispatcher } from "undici";
import { afterEach, beforeEach, expect, test } from "vitest";
import { installOneHttpClient } from "./outbound";

let server: Server;
let origin: string;
const before = getGlobalDispatcher();

beforeEach(async () => {
  server = createServer((_request, response) => response.end("answered"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  setGlobalDispatcher(before);
  await new Promise((resolve) => server.close(resolve));
});

test("after installOneHttpClient, a plain fetch is sent by the app's undici, not the copy bundled in Node", async () => {
  installOneHttpClient();
  const response = await fetch(`${origin}/`);
  expect(await response.text()).toBe("answered");
  const dispatcher = getGlobalDispatcher();
  // The app's undici's Agent holds a connection pool per origin it has sent to: this fetch went through it.
  expect(dispatcher).toBeInstanceOf(Agent);
  expect(Object.keys((dispatcher as Agent).stats)).toContain(origin);
});
