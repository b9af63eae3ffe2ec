export { createApiClient, KEYED_RETRIES, newIdempotencyKey, REQUEST_TIMEOUT_MS } from './client';
export type { ApiClient, ApiClientOptions, ApiMethods, CallInit, LoginResponse } from './client';
export { ApiError, InvalidResponseError, LoginExpiredError, NetworkError } from './errors';
export { encryptCredential } from './credentials';
export {
  browserTimeZone,
  fromLanCode,
  toLanCode,
  HEADER_LAN_CODE,
  HEADER_TIME_ZONE,
  HEADER_TOKEN,
  QUERY_INTERNAL_TOKEN,
} from './headers';
export * from './contract';
