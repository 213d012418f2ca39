import type { CatalogEntry } from '../catalog/catalog-entry.js';
import type { Disclosure } from '../disclosure/disclosure.js';
import type { AppNames } from './create-app-names.js';
import type { CallResolver } from './create-call-resolver.js';
import type { RefusedCalls } from './create-refused-calls.js';
import type { EmitEvent } from './tool-disclosure-event.js';
import { tryResolveTool } from './try-resolve-tool.js';

/**
 * What one request's model is shown, step by step, and how its names map to
 * the app's: the one place the middleware and the bridges ask. Names resolve
 * within the reach of the step being run (the app's `activeTools`, from the
 * settings or from its `prepareStep`), which the composed `prepareStep` sets
 * before each step.
 */
export interface ModelView {
  readonly disclosure: Disclosure;
  readonly names: AppNames;
  /** The entry `name` (any spelling) means within the step's reach, or undefined. */
  resolve(name: unknown): CatalogEntry | undefined;
  /** Whether `name` means an authorized tool that the step cannot reach. */
  outOfReach(name: unknown): boolean;
  /**
   * Whether the model is shown `entry`'s definition in every step: an
   * advertised tool (in native mode, every tool). Fixed for the disclosure.
   */
  advertised(entry: CatalogEntry): boolean;
  /** Whether the step sends the model `entry`'s definition: an advertised tool within the reach. */
  sent(entry: CatalogEntry): boolean;
  /** Tools the step adds to the advertised ones (`promote`), within its reach. */
  readonly promoted: readonly CatalogEntry[];
  /** The step's reach, as wire names; undefined when the app narrows nothing. */
  readonly reach: readonly string[] | undefined;
  /**
   * The provider whose deferred loading `entry`'s definition is marked for:
   * in native mode, a tool the disclosure does not advertise; else undefined.
   */
  deferLoadingOf(entry: CatalogEntry): 'anthropic' | 'openai' | undefined;
  readonly refused: RefusedCalls;
  readonly emit: EmitEvent | undefined;
  /** Called before each step: its reach and the tools promoted in it. */
  enterStep(reach: readonly string[] | undefined, promoted: readonly CatalogEntry[]): void;
}

export interface CreateModelViewOptions {
  disclosure: Disclosure;
  names: AppNames;
  resolver: CallResolver;
  refused: RefusedCalls;
  emit: EmitEvent | undefined;
  /** The reach before any `prepareStep` narrows it: the settings' `activeTools`, as wire names. */
  reach: readonly string[] | undefined;
  /** `native` mode's provider, whose deferred loading hides the undisclosed tools. */
  deferLoading?: 'anthropic' | 'openai' | undefined;
  /**
   * Wire names of tools sent in every step besides the advertised ones: the
   * tools the app routes through `experimental_toolCallers`, which a
   * provider's caller must be sent to call. @default none
   */
  alsoSent?: ReadonlySet<string> | undefined;
}

/** Wire names of the advertised real tools, per (immutable, shared) disclosure. */
const advertisedNames = new WeakMap<Disclosure, ReadonlySet<string>>();

/**
 * Creates the model view of one request; its step state is the request's own.
 *
 * @example
 * const view = createModelView({ disclosure, names, resolver, refused, emit, reach: undefined });
 * view.resolve('billing.refund_invoice')?.wireName; // 'billing__refund_invoice'
 */
export function createModelView({
  disclosure,
  names,
  resolver,
  refused,
  emit,
  reach: initialReach,
  deferLoading,
  alsoSent,
}: CreateModelViewOptions): ModelView {
  const advertised = advertisedNamesOf(disclosure);
  let reach = initialReach;
  let promoted: readonly CatalogEntry[] = [];
  const inReach = (entry: CatalogEntry) => reach === undefined || reach.includes(entry.wireName);
  return {
    disclosure,
    names,
    resolve: (name) => tryResolveTool(resolver.forStep(reach), name),
    outOfReach: (name) =>
      reach !== undefined &&
      tryResolveTool(resolver.forStep(undefined), name) !== undefined &&
      tryResolveTool(resolver.forStep(reach), name) === undefined,
    advertised: (entry) => deferLoading !== undefined || advertised.has(entry.wireName),
    sent: (entry) =>
      (deferLoading !== undefined ||
        advertised.has(entry.wireName) ||
        alsoSent?.has(entry.wireName) === true) &&
      inReach(entry),
    get promoted() {
      return promoted;
    },
    get reach() {
      return reach;
    },
    deferLoadingOf: (entry) =>
      deferLoading !== undefined && !advertised.has(entry.wireName) ? deferLoading : undefined,
    refused,
    emit,
    enterStep(stepReach, stepPromoted) {
      reach = stepReach;
      promoted = stepPromoted.filter(inReach);
    },
  };
}

function advertisedNamesOf(disclosure: Disclosure): ReadonlySet<string> {
  let names = advertisedNames.get(disclosure);
  if (names === undefined) {
    names = new Set(
      disclosure.advertised.flatMap((tool) =>
        tool.entry === undefined ? [] : [tool.entry.wireName],
      ),
    );
    advertisedNames.set(disclosure, names);
  }
  return names;
}
