import { z } from 'zod';
import { addNewPassphraseIssues } from '../../lib/passphrase-form';

/** The API's limit on a consumer user name (`putConsumerRequestSchema`). */
const usernameMaxLength = 128;

/**
 * A subscriber's My Network sign-in: a user name, and a passphrase by the shared policy, checked
 * against the subscriber's name and the user name as the server checks it.
 */
export function consumerAccountFormSchema(subscriberName: string) {
  return z
    .object({ username: z.string(), newPassphrase: z.string(), confirmPassphrase: z.string() })
    .superRefine((values, context) => {
      const username = values.username.trim();
      if (username === '') {
        context.addIssue({
          code: 'custom',
          path: ['username'],
          message: 'PROVISIONING.CONSUMER_USERNAME_REQUIRED',
        });
      } else if (username.length > usernameMaxLength) {
        context.addIssue({
          code: 'custom',
          path: ['username'],
          message: 'PROVISIONING.CONSUMER_USERNAME_TOO_LONG',
        });
      }
      addNewPassphraseIssues(values, context, { name: subscriberName, email: username });
    });
}
export type ConsumerAccountForm = z.infer<ReturnType<typeof consumerAccountFormSchema>>;
