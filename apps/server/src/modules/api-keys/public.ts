/**
 * What the app takes of API keys (docs/decisions/0066-api-keys.md). Other modules import only
 * this file (docs/decisions/0059-import-boundaries.md).
 */
// The token service resolves a `dsk_live_` bearer through this (app.ts wires it).

// The per-key rate limit, audit row and last-used write of every request made with a key.
export { apiKeyUsePlugin } from './api-key-use';
export { loadPrincipal as loadApiKeyPrincipal } from './api-keys.service';
