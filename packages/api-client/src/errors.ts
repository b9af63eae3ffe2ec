/** A non-success answer: `code` is the envelope's body code, `message` the server's own text. */
export class ApiError extends Error {
  override readonly name: string = 'ApiError';
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** Body code 300: the token is missing, unknown, expired or revoked. */
export class LoginExpiredError extends ApiError {
  override readonly name = 'LoginExpiredError';
  constructor(message: string) {
    super(300, message);
  }
}

/** The request never got an answer (network down, time-out, aborted): code 0. */
export class NetworkError extends ApiError {
  override readonly name = 'NetworkError';
  constructor(message: string) {
    super(0, message);
  }
}

/** The server answered something the contract does not allow. */
export class InvalidResponseError extends ApiError {
  override readonly name = 'InvalidResponseError';
  constructor(message: string) {
    super(500, message);
  }
}
