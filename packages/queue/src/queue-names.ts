/** One queue per operation and engine, so each worker fleet scales on its own depth. */
export const QUEUE_NAMES = ['rig.fast', 'rig.pro', 'generate_model'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

export function isQueueName(value: string): value is QueueName {
  return (QUEUE_NAMES as readonly string[]).includes(value);
}
