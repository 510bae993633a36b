import type { SessionUser } from '@linesight/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LanguagePills } from '../../../components/ui/language-pills';
import { fieldError } from '../../../lib/passphrase-form';
import {
  getRememberedUsername,
  type RememberedUsernameKind,
  rememberUsername,
} from '../../../lib/session';
import { useFinishSignIn } from '../finish-sign-in';
import type {
  CredentialsForm as CredentialsFormValues,
  CredentialsFormSchema,
} from '../sign-in-form';

/**
 * The user name, passphrase and remember-me form both sign-in pages share (seed 000 section 2),
 * with the language pills beneath. Validation messages show after a submit attempt; a signed-in
 * user returns where they were going, or lands.
 */
export function CredentialsForm({
  heading,
  schema,
  usernameField,
  rememberAs,
  signIn,
  isPending,
  error,
  pendingMessage,
  children,
}: {
  heading: ReactNode;
  schema: CredentialsFormSchema;
  usernameField: { label: string; placeholder?: string; type: 'email' | 'text' };
  rememberAs: RememberedUsernameKind;
  /** Rejects when the server refuses; `error` then says why. */
  signIn: (username: string, passphrase: string) => Promise<SessionUser>;
  isPending: boolean;
  error: string | null;
  /** Shown with a spinner while the server checks the credentials. */
  pendingMessage?: string;
  /** Links under the submit button. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const finishSignIn = useFinishSignIn();
  const rememberedUsername = getRememberedUsername(rememberAs);
  const form = useForm<CredentialsFormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      username: rememberedUsername ?? '',
      passphrase: '',
      rememberCredentials: rememberedUsername !== undefined,
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ username, passphrase, rememberCredentials }) => {
    const user = await signIn(username, passphrase).catch(() => undefined);
    if (!user) return;
    rememberUsername(rememberAs, rememberCredentials ? username : null);
    await finishSignIn(user);
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        {heading}
        {error && (
          <Alert color="red" role="alert" data-testid="sign-in-error">
            {error}
          </Alert>
        )}
        <TextInput
          label={usernameField.label}
          placeholder={usernameField.placeholder}
          type={usernameField.type}
          autoComplete="username"
          error={fieldError(t, errors.username?.message)}
          {...form.register('username')}
        />
        <PasswordInput
          label={t('SIGNIN.PASSPHRASE')}
          autoComplete="current-password"
          error={fieldError(t, errors.passphrase?.message)}
          {...form.register('passphrase')}
        />
        <Checkbox
          label={t('SIGNIN.REMEMBER_CREDENTIALS')}
          {...form.register('rememberCredentials')}
        />
        {isPending && pendingMessage && (
          <Group gap="xs" role="status">
            <Loader size="sm" aria-hidden />
            <Text size="sm">{pendingMessage}</Text>
          </Group>
        )}
        <Button type="submit" loading={isPending} fullWidth>
          {t('SIGNIN.SUBMIT')}
        </Button>
        {children}
        <LanguagePills />
      </Stack>
    </form>
  );
}
