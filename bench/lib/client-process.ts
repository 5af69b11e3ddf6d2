// One bench client in a process of its own (bench/lib/clients.ts): a heavy client's own work
// (sending and reading as fast as it can) must not delay the victim's clock in the bench's
// process. Started by fork() with the spec as JSON; sends its tally back and exits.
import { runClient, type ClientSpec } from './clients.ts';

const spec = JSON.parse(process.argv[2]!) as ClientSpec;
const tally = await runClient(spec);
process.send!(tally, () => process.exit(0));
