import { z } from 'zod';

/*
 * A remote owns the contract of what the shell hands its exposed modules: each remote's `src/contract.ts` defines
 * it with `defineRemoteContract` and exposes it as `./contract`. The shell loads that module next to the one it
 * mounts and lets it judge the props, so a remote released alone is checked against what *it* needs, not against
 * the shell's idea of it. `contractVersion` goes up by one whenever a change would break a shell built before it
 * (a new required prop, a changed meaning); the publishing script writes it into contract.json and the shell
 * refuses a release whose version it does not host.
 *
 * Import this module only from a remote's contract (it brings zod): the shell sees the contract through
 * `RemoteContractModule`, a type.
 */

/** What a remote's `./contract` module gives the shell at run time. */
export interface RemoteContractModule {
  contractVersion: number;
  /** Throws `RemotePropsError` when `props` break the exposed module's contract (or the module is not in it). */
  assertProps(module: string, props: unknown): void;
}

export class RemotePropsError extends Error {
  override readonly name = 'RemotePropsError';
}

/** A prop the shell passes a function in (callbacks such as `onChanged`). */
export const callbackProp = z.custom<(...args: never[]) => unknown>((value) => typeof value === 'function', 'expected a function');

/** Compile-time guard for a contract: whatever the props type allows must pass the schema. */
export type PropsFit<Props, Schema extends z.ZodType> = Props extends z.input<Schema> ? true : never;

export interface RemoteContract<Module extends string> extends RemoteContractModule {
  props: Readonly<Record<Module, z.ZodType>>;
}

export function defineRemoteContract<Module extends string>(
  contractVersion: number,
  props: Readonly<Record<Module, z.ZodType>>,
): RemoteContract<Module> {
  return {
    contractVersion,
    props,
    assertProps(module, value) {
      const schema = Object.hasOwn(props, module) ? props[module as Module] : undefined;
      if (!schema) throw new RemotePropsError(`./${module} is not in the remote's contract (version ${contractVersion})`);
      const result = schema.safeParse(value ?? {});
      if (!result.success) {
        throw new RemotePropsError(`Props for ./${module} break contract version ${contractVersion}: ${z.prettifyError(result.error)}`);
      }
    },
  };
}
