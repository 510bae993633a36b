import { z } from 'zod';

/** A command's states (seed 001 section 4): the first four keep the portal polling. */
export const commandStates = [
  'REQUESTED',
  'PENDING',
  'TIMEOUT-1',
  'TIMEOUT-2',
  'ACK',
  'NAK',
  'EXPIRED',
] as const;
export type CommandState = (typeof commandStates)[number];

const macAddress = z.string().regex(/^([0-9a-f]{2}:){5}[0-9a-f]{2}$/);
const freqBand = z.enum(['2.4GHz', '5GHz']);
const channel = z.number().int().min(0).max(196);
const channelBandwidth = z.union([z.literal(20), z.literal(40), z.literal(80), z.literal(160)]);

/** What a gateway can be asked to do, and with what. */
export const deviceCommandSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('block'), parameters: z.object({ macAddress }) }),
  z.object({ action: z.literal('unblock'), parameters: z.object({ macAddress }) }),
  z.object({ action: z.literal('changeChannel'), parameters: z.object({ freqBand, channel }) }),
  z.object({
    action: z.literal('changeBandwidth'),
    parameters: z.object({ freqBand, channelBandwidth }),
  }),
  z.object({
    action: z.literal('changeBandwidthAndChannel'),
    parameters: z.object({ freqBand, channel, channelBandwidth }),
  }),
]);
export type DeviceCommand = z.infer<typeof deviceCommandSchema>;
export type DeviceAction = DeviceCommand['action'];

/** GET {reportingUrl}/commands: the commands waiting for the gateway. */
export const commandsQuerySchema = z.object({
  /** Seconds to wait for a command when none is waiting; 0 answers at once. */
  wait: z.coerce.number().int().min(0).max(30).default(30),
});
export const deliveredCommandSchema = z.intersection(
  z.object({ messageId: z.string() }),
  deviceCommandSchema,
);
export const commandsResponseSchema = z.object({ commands: z.array(deliveredCommandSchema) });

/** POST {reportingUrl}/commands/{messageId}: the gateway's result. */
export const commandResultParamsSchema = z.object({
  token: z.string().max(128),
  messageId: z.uuid(),
});
export const commandResultRequestSchema = z.object({
  result: z.enum(['ACK', 'NAK']),
  /** Why, with a NAK: the portal shows this message. */
  value: z.string().max(1000).optional(),
});
export type CommandResult = z.infer<typeof commandResultRequestSchema>;

export const commandStatusSchema = z.object({
  messageId: z.string(),
  state: z.enum(commandStates),
  value: z.string().nullable(),
});
export type CommandStatus = z.infer<typeof commandStatusSchema>;
