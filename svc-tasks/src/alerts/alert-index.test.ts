import { alertMatchesTask, regions, taskTypes, type Region, type TaskType } from '@fragtbud/contracts';
import { describe, expect, it } from 'vitest';
import { compileAlert, compiledAlertMatches } from './alert-index';

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
