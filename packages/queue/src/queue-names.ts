/** One queue per operation and engine, so each worker fleet scales on its own depth; the operations table names them. */
import { OPERATION_ENGINES, queueNamesOf, type OperationEngineRow } from '@rigforge/contracts';

export type QueueName = OperationEngineRow['queue'];
// The cast only narrows strings read from the const table to the table's own union.
export const QUEUE_NAMES: readonly QueueName[] = queueNamesOf(OPERATION_ENGINES) as QueueName[];

export function isQueueName(value: string): value is QueueName {
  return (QUEUE_NAMES as readonly string[]).includes(value);
}
