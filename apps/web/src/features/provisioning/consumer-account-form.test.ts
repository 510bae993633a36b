import { describe, expect, it } from 'vitest';
import { consumerAccountFormSchema } from './consumer-account-form';

const sut = consumerAccountFormSchema('Paula Provisioned');
const messagesOf = (values: {
  username: string;
  newPassphrase: string;
  confirmPassphrase: string;
}) =>
  sut.safeParse(values).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ??
  [];

describe(consumerAccountFormSchema.name, () => {
  it('should accept a user name and a passphrase that keeps the shared policy', () => {
    expect(
      messagesOf({
        username: 'mwc-10042',
        newPassphrase: 'Tr4vel-Lantern-Blue',
        confirmPassphrase: 'Tr4vel-Lantern-Blue',
      }),
    ).toEqual([]);
  });

  it('should ask for a user name and a confirmed passphrase', () => {
    expect(
      messagesOf({ username: ' ', newPassphrase: 'Tr4vel-Lantern-Blue', confirmPassphrase: '' }),
    ).toEqual([
      'username: PROVISIONING.CONSUMER_USERNAME_REQUIRED',
      'confirmPassphrase: USER_MANAGEMENT_PASSPHRASE_SHOULD_MATCH',
    ]);
  });

  it('should refuse a passphrase with the subscriber’s name or the user name in it', () => {
    expect(
      messagesOf({
        username: 'mwc-10042',
        newPassphrase: 'Paula-Provisioned-9',
        confirmPassphrase: 'Paula-Provisioned-9',
      }),
    ).toEqual(['newPassphrase: USER_MANAGEMENT_PASSPHRASE_PERSONAL_INFORMATION']);
  });

  it('should refuse a user name longer than the API takes', () => {
    expect(
      messagesOf({
        username: 'u'.repeat(129),
        newPassphrase: 'Tr4vel-Lantern-Blue',
        confirmPassphrase: 'Tr4vel-Lantern-Blue',
      }),
    ).toEqual(['username: PROVISIONING.CONSUMER_USERNAME_TOO_LONG']);
  });
});
