import {
  defaultSystemUserRole,
  emailSchema,
  maxFieldLength,
  type SystemUser,
  type SystemUserRole,
} from '@linesight/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Group,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { addNewPassphraseIssues, fieldError } from '../../../lib/passphrase-form';
import { reportError } from '../../../lib/report-error';
import { errorMessage } from '../../../lib/translate-error';
import { useCreateUser } from '../api/create-user';
import { useUpdateUser } from '../api/update-user';

interface UserFormValues {
  name: string;
  email: string;
  /** Empty until a role is chosen. */
  role: string;
  newPassphrase: string;
  confirmPassphrase: string;
}

/**
 * The rules of seed 000 section 5: full name and e-mail required (at most 255 characters), role
 * required, passphrase required in Add mode only and checked against the user's own name and
 * e-mail; left empty in Edit mode it stays unchanged.
 */
function userFormSchema(mode: 'add' | 'edit') {
  return z
    .object({
      name: z.string(),
      email: z.string(),
      role: z.string(),
      newPassphrase: z.string(),
      confirmPassphrase: z.string(),
    })
    .superRefine((values, context) => {
      const issue = (path: keyof UserFormValues, message: string): void =>
        context.addIssue({ code: 'custom', path: [path], message });
      if (values.name.trim() === '') issue('name', 'USER_MANAGEMENT_FULL_NAME_REQUIRED');
      else if (values.name.length > maxFieldLength) issue('name', 'USER_MANAGEMENT_TOO_LONG');
      if (!emailSchema.safeParse(values.email.trim()).success)
        issue('email', 'USER_MANAGEMENT_VALID_EMAIL');
      if (values.role === '') issue('role', 'USER_MANAGEMENT_IS_REQUIRED');
      if (mode === 'add' || values.newPassphrase !== '' || values.confirmPassphrase !== '') {
        addNewPassphraseIssues(values, context, { name: values.name, email: values.email });
      }
    });
}

export function UserForm({
  user,
  isSelf,
  roles,
  onDone,
}: {
  /** The user being edited; none in Add mode. */
  user: SystemUser | null;
  isSelf: boolean;
  roles: readonly SystemUserRole[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const mode = user ? 'edit' : 'add';
  const create = useCreateUser();
  const update = useUpdateUser();
  const saving = create.isPending || update.isPending;
  const saveError = create.error ?? update.error;
  const form = useForm<UserFormValues>({
    resolver: zodResolver(userFormSchema(mode)),
    mode: 'onChange',
    defaultValues: {
      name: user?.name ?? '',
      email: user?.email ?? '',
      role: user?.role ?? defaultSystemUserRole,
      newPassphrase: '',
      confirmPassphrase: '',
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const fields = {
      name: values.name.trim(),
      email: values.email.trim(),
      role: values.role as SystemUserRole,
    };
    const request = user
      ? update.mutateAsync({
          id: user.id,
          ...fields,
          ...(values.newPassphrase ? { rawPassphrase: values.newPassphrase } : {}),
        })
      : create.mutateAsync({ ...fields, rawPassphrase: values.newPassphrase });
    const saved = await request.catch((error: unknown) => {
      reportError(user ? 'updating a user' : 'creating a user', error);
      return undefined;
    });
    if (saved) onDone();
  });

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label={t(user ? 'USER_MANAGEMENT.EDIT_USER' : 'USER_MANAGEMENT.ADD_USER')}
    >
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t(user ? 'USER_MANAGEMENT.EDIT_USER' : 'USER_MANAGEMENT.ADD_USER')}
        </Title>
        {saveError && (
          <Alert color="red" role="alert">
            {errorMessage(t, saveError, 'USER_MANAGEMENT.SAVE_ERROR')}
          </Alert>
        )}
        <TextInput
          label={t('USER_MANAGEMENT.FULL_NAME')}
          maxLength={maxFieldLength}
          error={fieldError(t, errors.name?.message)}
          {...form.register('name', { deps: ['newPassphrase'] })}
        />
        <TextInput
          label={t('USER_MANAGEMENT.EMAIL')}
          type="email"
          maxLength={maxFieldLength}
          error={fieldError(t, errors.email?.message)}
          {...form.register('email', { deps: ['newPassphrase'] })}
        />
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <Select
              label={t('USER_MANAGEMENT.ROLE')}
              data={roles.map((role) => ({ value: role, label: t(`ROLES.${role}`) }))}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              disabled={isSelf}
              allowDeselect={false}
              error={fieldError(t, errors.role?.message)}
            />
          )}
        />
        <PasswordInput
          label={t('USER_MANAGEMENT.PASSPHRASE')}
          autoComplete="new-password"
          readOnly={isSelf}
          disabled={isSelf}
          error={fieldError(t, errors.newPassphrase?.message)}
          {...form.register('newPassphrase', { deps: ['confirmPassphrase'] })}
        />
        <PasswordInput
          label={t('USER_MANAGEMENT.CONFIRM_PASSPHRASE')}
          autoComplete="new-password"
          readOnly={isSelf}
          disabled={isSelf}
          error={fieldError(t, errors.confirmPassphrase?.message)}
          {...form.register('confirmPassphrase')}
        />
        {isSelf && (
          <Text size="xs" c="dimmed">
            {t('USER_MANAGEMENT.SELF_PASSPHRASE_HINT')}
          </Text>
        )}
        {mode === 'edit' && !isSelf && (
          <Text size="xs" c="dimmed">
            {t('USER_MANAGEMENT.KEEP_PASSPHRASE_HINT')}
          </Text>
        )}
        <Group justify="flex-end">
          {user && (
            <Button variant="default" onClick={onDone}>
              {t('USER_MANAGEMENT.CANCEL')}
            </Button>
          )}
          <Button type="submit" disabled={!form.formState.isValid} loading={saving}>
            {t(user ? 'USER_MANAGEMENT.SAVE' : 'USER_MANAGEMENT.ADD')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
