import { Field, Input } from '@chakra-ui/react';

/** A labelled password input with its translated error, as the sign-in, reset and change forms use it. */
export function PasswordField(props: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  autoComplete: 'current-password' | 'new-password';
}) {
  return (
    <Field.Root invalid={!!props.error} required>
      <Field.Label>{props.label}</Field.Label>
      <Input type="password" name={props.name} autoComplete={props.autoComplete} value={props.value} onChange={(e) => props.onChange(e.target.value)} />
      <Field.ErrorText>{props.error}</Field.ErrorText>
    </Field.Root>
  );
}
