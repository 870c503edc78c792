import { alertMatchesTask, regions, taskTypes, type Region, type TaskType } from '@fragtbud/contracts';
import { describe, expect, it } from 'vitest';
import { bucketAlerts, compileAlert, compiledAlertMatches, matchBuckets } from './alert-index';

const bit = <T extends string>(list: readonly T[], value: T | null) => (value === null ? 0 : 1 << list.indexOf(value));

describe('the compiled alert matcher', () => {
  it('when alerts and tasks of every kind are matched, then it answers as alertMatchesTask of libs/contracts', () => {
    let state = 7;
    const random = () => ((state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
    const some = <T>(list: readonly T[]) => list.filter(() => random() < 0.3);
    const dates = [null, '2099-01-01', '2099-06-15', '2099-12-31'];
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
    for (let i = 0; i < 5000; i += 1) {
      const alert = { fromRegions: some(regions), toRegions: some(regions), types: some(taskTypes), pickupFrom: pick(dates), pickupTo: pick(dates) };
      const task = { type: pick(taskTypes) as TaskType, fromRegion: pick([...regions, null]) as Region | null, toRegion: pick([...regions, null]) as Region | null, pickupDate: pick(dates) };
      const compiled = compileAlert({ id: 1, carrier_id: 1, name: 'x', email: 'off', from_regions: alert.fromRegions, to_regions: alert.toRegions, types: alert.types, pickup_from: alert.pickupFrom, pickup_to: alert.pickupTo });
      const facts = { fromBit: bit(regions, task.fromRegion), toBit: bit(regions, task.toRegion), typeBit: bit(taskTypes, task.type), pickupDate: task.pickupDate };
      expect(compiledAlertMatches(compiled, facts), JSON.stringify({ alert, task })).toBe(alertMatchesTask(alert, task));
    }
  });
});

describe('the alert buckets', () => {
  it('when random alerts of many carriers meet random tasks, then the buckets pick, per carrier, the alert the plain rule picks (matching, mailing soonest, lowest id), leaving out excluded carriers', () => {
    let state = 11;
    const random = () => ((state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
    const some = <T>(list: readonly T[], chance: number) => list.filter(() => random() < chance);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
    const dates = [null, '2099-01-01', '2099-06-15', '2099-12-31'];
    const emails = ['instant', 'daily', 'off'] as const;
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      id: 1 + ((i * 7919) % 3000), // ids not in carrier order
      carrier_id: 1 + Math.floor(random() * 400),
      name: `Alarm ${i}`,
      email: pick(emails),
      from_regions: random() < 0.2 ? [] : some(regions, 0.3),
      to_regions: random() < 0.6 ? [] : some(regions, 0.3),
      types: random() < 0.3 ? [] : some(taskTypes, 0.35),
      pickup_from: pick(dates),
      pickup_to: pick(dates),
    }));
    const index = bucketAlerts(rows.map(compileAlert));
    expect(index.size).toBe(3000);
    const rank = { instant: 0, daily: 1, off: 2 };
    let matchedCarriers = 0;
    for (let i = 0; i < 400; i += 1) {
      const task = {
        type: pick([...taskTypes, 'unknown_type']) as TaskType,
        fromRegion: pick([...regions, null]) as Region | null,
        toRegion: pick([...regions, null]) as Region | null,
        pickupDate: pick(dates),
      };
      const excluded = new Set(Array.from({ length: 40 }, () => 1 + Math.floor(random() * 400)));
      // The plain rule: every alert through alertMatchesTask, the best per carrier by (email, id).
      const best = new Map<number, (typeof rows)[number]>();
      for (const row of rows) {
        if (excluded.has(row.carrier_id)) continue;
        const alert = { fromRegions: row.from_regions, toRegions: row.to_regions, types: row.types, pickupFrom: row.pickup_from, pickupTo: row.pickup_to };
        if (!alertMatchesTask(alert, task)) continue;
        const chosen = best.get(row.carrier_id);
        if (!chosen || rank[row.email] < rank[chosen.email] || (rank[row.email] === rank[chosen.email] && row.id < chosen.id)) best.set(row.carrier_id, row);
      }
      const expected = [...best.values()].sort((a, b) => a.carrier_id - b.carrier_id).map((row) => [row.carrier_id, row.id]);
      const actual = matchBuckets(index, task, excluded).map((alert) => [alert.carrier_id, alert.id]);
      expect(actual, JSON.stringify(task)).toEqual(expected);
      matchedCarriers += expected.length;
    }
    // The comparison means something: tasks match some of the 400 carriers, far from all.
    expect(matchedCarriers / 400).toBeGreaterThan(20);
    expect(matchedCarriers / 400).toBeLessThan(250);
  });
});
