import type { SystemUser } from '@linesight/contract';
import { Alert, Button, Container, Grid, Group, Paper, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { InlineConfirm } from '../../../components/ui/inline-confirm';
import { SearchBox } from '../../../components/ui/search-box';
import { usersPerPageStore, useStoredPageSize } from '../../../lib/page-size';
import { useSession } from '../../../lib/session';
import { errorMessage } from '../../../lib/translate-error';
import { useDeleteUser } from '../api/delete-user';
import { useRoles } from '../api/get-roles';
import { useUsers } from '../api/get-users';
import { UserForm } from './user-form';

/** base.user-management: the add/edit form beside a searchable, paged table of system users. */
export function UserManagementPage() {
  const { t } = useTranslation();
  const session = useSession();
  const users = useUsers();
  const roles = useRoles();
  const remove = useDeleteUser();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<SystemUser | null>(null);
  const [pageSize, setPageSize] = useStoredPageSize(usersPerPageStore, 10);

  const matching = useMemo(() => {
    const term = search.trim().toLowerCase();
    if (!term) return users.data;
    return users.data?.filter((user) =>
      [user.name, user.email, t(`ROLES.${user.role}`)].some((text) =>
        text.toLowerCase().includes(term),
      ),
    );
  }, [users.data, search, t]);

  const columns: DataTableColumn<SystemUser>[] = [
    {
      key: 'name',
      header: t('USER_MANAGEMENT.COLUMN_NAME'),
      render: (user) => user.name,
      sortValue: (user) => user.name.toLowerCase(),
    },
    {
      key: 'email',
      header: t('USER_MANAGEMENT.COLUMN_EMAIL'),
      render: (user) => user.email,
      sortValue: (user) => user.email.toLowerCase(),
    },
    {
      key: 'role',
      header: t('USER_MANAGEMENT.COLUMN_ROLE'),
      render: (user) => t(`ROLES.${user.role}`),
      sortValue: (user) => user.role,
    },
    {
      key: 'options',
      header: t('USER_MANAGEMENT.COLUMN_OPTIONS'),
      render: (user) =>
        user.id === session.user?.id ? null : (
          <InlineConfirm
            label={t('USER_MANAGEMENT.DELETE')}
            isPending={remove.isPending && remove.variables === user.id}
            onConfirm={() => {
              if (editing?.id === user.id) setEditing(null);
              remove.mutate(user.id);
            }}
          />
        ),
    },
  ];

  return (
    <Container size="xl" py="lg">
      <Group justify="space-between" mb="md">
        <Title order={1} size="h2">
          {t('NAV.USER_MANAGEMENT')}
        </Title>
        {editing && (
          <Button
            leftSection={<IconUserPlus size={16} aria-hidden />}
            variant="light"
            onClick={() => setEditing(null)}
          >
            {t('USER_MANAGEMENT.ADD_USER')}
          </Button>
        )}
      </Group>
      {remove.isError && (
        <Alert color="red" role="alert" mb="md" withCloseButton onClose={() => remove.reset()}>
          {errorMessage(t, remove.error, 'USER_MANAGEMENT.DELETE_ERROR')}
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder p="md" radius="md">
            <UserForm
              key={editing?.id ?? 'new'}
              user={editing}
              isSelf={editing !== null && editing.id === session.user?.id}
              roles={roles.data ?? []}
              onDone={() => setEditing(null)}
            />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <SearchBox
            mb="sm"
            value={search}
            onChange={setSearch}
            label={t('USER_MANAGEMENT.SEARCH')}
            clearLabel={t('USER_MANAGEMENT.CLEAR_SEARCH')}
          />
          <DataTable
            rows={matching}
            columns={columns}
            rowKey={(user) => user.id}
            isLoading={users.isPending}
            error={
              users.isError ? errorMessage(t, users.error, 'USER_MANAGEMENT.LOAD_ERROR') : null
            }
            emptyText={t('USER_MANAGEMENT.NO_USERS')}
            pageSize={pageSize}
            onPageSizeChange={setPageSize}
            onRowClick={setEditing}
            selectedKey={editing?.id ?? null}
          />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
