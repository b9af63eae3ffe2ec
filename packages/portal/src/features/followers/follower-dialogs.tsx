import { Checkbox, Field, Input, Text, Textarea } from '@chakra-ui/react';
import type { FollowerRelation } from '@cgm-portal/api-client';
import { useTranslation } from '@cgm-portal/i18n';
import { useState } from 'react';
import {
  EMAIL_MAX_LENGTH,
  MESSAGE_MAX_LENGTH,
  NOTE_MAX_LENGTH,
  validateAddFollower,
  validateFollowRequest,
  validateNote,
  type FieldErrors,
} from './follower-forms';
import { FormDialog } from './relation-parts';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy?: boolean;
}

function EmailField({ value, error, onChange, label }: { value: string; error?: string; onChange: (v: string) => void; label: string }) {
  const { t } = useTranslation();
  return (
    <Field.Root invalid={!!error} required>
      <Field.Label>{label}</Field.Label>
      <Input name="email" type="email" autoComplete="off" maxLength={EMAIL_MAX_LENGTH} value={value} onChange={(e) => onChange(e.target.value)} />
      <Field.ErrorText>{error && t(error)}</Field.ErrorText>
    </Field.Root>
  );
}

function TextField(props: { name: string; label: string; value: string; error?: string; max: number; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <Field.Root invalid={!!props.error} required>
      <Field.Label>{props.label}</Field.Label>
      <Textarea
        name={props.name}
        rows={3}
        maxLength={props.max}
        placeholder={t('followers.messagePlaceholder')}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <Field.ErrorText>{props.error && t(props.error)}</Field.ErrorText>
    </Field.Root>
  );
}

/**
 * The CGM user adds a follower by e-mail with a message, after ticking that the follower will
 * see the data (spec §5). The message is kept as the member's note on the relation, which is
 * the text the add-follower call stores.
 */
export function AddFollowerDialog({ onSubmit, ...dialog }: DialogProps & { onSubmit: (v: { email: string; note: string }) => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState({ email: '', message: '', acknowledged: false });
  const [errors, setErrors] = useState<FieldErrors<keyof typeof values>>({});
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  return (
    <FormDialog
      {...dialog}
      title={t('followers.add')}
      submitLabel={t('followers.add')}
      onSubmit={() => {
        const found = validateAddFollower(values);
        setErrors(found);
        if (Object.keys(found).length === 0) onSubmit({ email: values.email.trim(), note: values.message.trim() });
      }}
    >
      <EmailField label={t('followers.email')} value={values.email} error={errors.email} onChange={(v) => set('email', v)} />
      <TextField name="message" label={t('followers.message')} value={values.message} error={errors.message} max={NOTE_MAX_LENGTH} onChange={(v) => set('message', v)} />
      <Field.Root invalid={!!errors.acknowledged} required>
        <Checkbox.Root checked={values.acknowledged} onCheckedChange={(e) => set('acknowledged', e.checked === true)} colorPalette="brand" alignItems="flex-start">
          <Checkbox.HiddenInput name="acknowledged" />
          <Checkbox.Control mt="0.5" />
          <Checkbox.Label fontWeight="normal">{t('followers.acknowledgeSharing')}</Checkbox.Label>
        </Checkbox.Root>
        <Field.ErrorText>{errors.acknowledged && t(errors.acknowledged)}</Field.ErrorText>
      </Field.Root>
    </FormDialog>
  );
}

/** Edit a follower: the member's note about them (spec "set note"). */
export function EditFollowerDialog({ relation, onSubmit, ...dialog }: DialogProps & { relation: FollowerRelation; onSubmit: (note: string) => void }) {
  const { t } = useTranslation();
  // Initialised once per opening: later refreshes of the row do not overwrite the typing.
  const [note, setNote] = useState(relation.note);
  const [error, setError] = useState<string | undefined>();
  return (
    <FormDialog
      {...dialog}
      title={t('followers.edit')}
      submitLabel={t('common.save')}
      onSubmit={() => {
        const found = validateNote(note).note;
        setError(found);
        if (!found) onSubmit(note.trim());
      }}
    >
      <Text>
        {relation.name} {relation.followerEmail && `(${relation.followerEmail})`}
      </Text>
      <Field.Root invalid={!!error} required>
        <Field.Label>{t('followers.note')}</Field.Label>
        <Input
          name="note"
          maxLength={NOTE_MAX_LENGTH}
          value={note}
          onChange={(e) => {
            setNote(e.target.value);
            setError(undefined);
          }}
        />
        <Field.ErrorText>{error && t(error)}</Field.ErrorText>
      </Field.Root>
    </FormDialog>
  );
}

/** A follower asks a CGM user to share: the member's e-mail and a message. */
export function FollowRequestDialog({ onSubmit, ...dialog }: DialogProps & { onSubmit: (v: { email: string; message: string }) => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState({ email: '', message: '' });
  const [errors, setErrors] = useState<FieldErrors<keyof typeof values>>({});
  const set = (key: keyof typeof values, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  return (
    <FormDialog
      {...dialog}
      title={t('followers.requestToFollow')}
      submitLabel={t('followers.sendRequest')}
      onSubmit={() => {
        const found = validateFollowRequest(values);
        setErrors(found);
        if (Object.keys(found).length === 0) onSubmit({ email: values.email.trim(), message: values.message.trim() });
      }}
    >
      <EmailField label={t('followers.memberEmail')} value={values.email} error={errors.email} onChange={(v) => set('email', v)} />
      <TextField name="message" label={t('followers.message')} value={values.message} error={errors.message} max={MESSAGE_MAX_LENGTH} onChange={(v) => set('message', v)} />
    </FormDialog>
  );
}
