import { Alert } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A form's or screen's error, announced to screen readers (role=alert). Renders nothing without
 * a message, so a form can always place it where the error belongs.
 *
 * @example
 * <ErrorAlert message={mutation.error?.message} />
 */
export function ErrorAlert({ message, id, children }: { message: ReactNode | null | undefined; id?: string; children?: ReactNode }) {
  if (!message) return null;
  return (
    <Alert.Root status="error" role="alert" id={id}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{message}</Alert.Title>
        {children}
      </Alert.Content>
    </Alert.Root>
  );
}
