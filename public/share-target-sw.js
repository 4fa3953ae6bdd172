// @ts-check
/// <reference lib="webworker" />
/*
 * The installed app's share target (manifest `share_target`, POST multipart to /share-target), imported
 * into the generated service worker (vite.config.ts, workbox.importScripts). The shared files go from the
 * POST straight to the page that the redirect opens, by postMessage: nothing is written anywhere, and
 * nothing leaves the device. Workbox's own routes only handle GET, so this POST is never theirs.
 */
const SHARE_ACTION = '/share-target';
const SHARE_FIELD = 'images';
/** The page waits for its files at most this long; then they are dropped. */
const HAND_OVER_TIMEOUT_MS = 60_000;

const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

/** Shared files waiting for their page, by the id of the client the redirect creates ('' when unknown). */
const waiting = new Map();
/** Pages that said they are ready to take shared files. */
const readyClients = new Set();

/** @param {string} clientId */
async function deliver(clientId) {
  const key = waiting.has(clientId) ? clientId : waiting.has('') ? '' : null;
  if (key === null || !readyClients.has(clientId)) return;
  const client = await sw.clients.get(clientId);
  if (!client) return;
  const { files, done } = waiting.get(key);
  waiting.delete(key);
  readyClients.delete(clientId);
  client.postMessage({ type: 'shared-files', files });
  done();
}

sw.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'POST' || url.origin !== sw.location.origin || url.pathname !== SHARE_ACTION) return;
  event.respondWith(Response.redirect('/?share-target', 303));
  event.waitUntil(
    (async () => {
      const form = await event.request.formData();
      const files = form.getAll(SHARE_FIELD).filter((value) => value instanceof File);
      const clientId = event.resultingClientId || '';
      await new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(clientId);
          resolve(undefined);
        }, HAND_OVER_TIMEOUT_MS);
        waiting.set(clientId, { files, done: () => (clearTimeout(timer), resolve(undefined)) });
        for (const ready of readyClients) void deliver(ready);
      });
    })(),
  );
});

sw.addEventListener('message', (event) => {
  // A page's message comes from its Client (which has an id); other sources have none.
  const source = event.source;
  if (!source || !('id' in source) || event.data?.type !== 'share-target-ready') return;
  readyClients.add(source.id);
  event.waitUntil(deliver(source.id));
});
