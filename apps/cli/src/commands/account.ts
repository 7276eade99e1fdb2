/** `rigforge account`: GET /v1/account — plan, credit balance, rate limit and this month's usage (free). */
import { Command } from 'commander';
import { commandContext } from '../context';
import { printAccount } from '../print';

export function accountCommand(): Command {
  return new Command('account')
    .description("your plan, credit balance, rate limit and this month's usage")
    .action(async (_options: unknown, command: Command) => {
      const ctx = commandContext(command);
      printAccount(ctx, await ctx.client.account());
    });
}
