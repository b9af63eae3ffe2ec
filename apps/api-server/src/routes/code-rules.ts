/** How long a verification code works: the server's check and the message's "valid for" say the same. */
export const CODE_VALID_MINUTES = 10;
