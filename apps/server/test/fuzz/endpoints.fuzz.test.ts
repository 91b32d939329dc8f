import { beforeAll, expect, it } from 'vitest';
import { describeOnEachDatabase, productionDatabaseKind } from '../test-app.ts';
import {
  createWorld,
  DEFAULT_FUZZ_SEED,
  documentedErrorCodes,
  endpointsInFuzzOrder,
  FuzzCollector,
  fuzzEndpoint,
  type FuzzWorld,
} from './endpoint-fuzz.ts';

/*
 * R11: every entry of the endpoint table, fuzzed from its zod schemas (valid and broken params, query and bodies), with
 * a real patient's or doctor's session and without. Never a 5xx; every error in the envelope with a documented code;
 * every success valid against the entry's response schema. The seed is fixed (FUZZ_SEED overrides it) and printed; all
 * failures are reported at once, one per endpoint, kind, status and code, with the smallest request that showed it.
 * The longer run is `npm run fuzz -w @rhc/bench`.
 *
 * It runs on one database, PostgreSQL when the run has one (PGlite otherwise): what it finds is how the server treats
 * what it is sent, which does not change with the engine (PGlite is PostgreSQL compiled to WebAssembly), and on both it
 * cost a tenth of the unit run (decision 049, "CI time").
 */

const SEED = Number(process.env.FUZZ_SEED ?? DEFAULT_FUZZ_SEED);
const RUNS_PER_ENDPOINT = Number(process.env.FUZZ_RUNS ?? 200);

describeOnEachDatabase(
  (context) => {
    let world: FuzzWorld;
    const collector = new FuzzCollector(SEED);
    const codes = documentedErrorCodes();

    beforeAll(async () => {
      world = await createWorld(context());
    });

    for (const endpoint of endpointsInFuzzOrder())
      it(`${endpoint.method} /api${endpoint.path}: ${RUNS_PER_ENDPOINT} fuzzed requests (seed ${SEED})`, { timeout: 120_000 }, async () => {
        await fuzzEndpoint(world, endpoint, { seed: SEED, numRuns: RUNS_PER_ENDPOINT }, collector, codes);
      });

    it('keeps the wire contract in every answer', () => {
      console.log(collector.summary());
      const distinct = collector.distinct();
      expect(distinct.length, collector.report()).toBe(0);
    });
  },
  { kinds: [productionDatabaseKind] },
);
