import { describe, expect, it } from 'vitest';
import { taskNotificationTitle, taskTitleCityMax } from './notifications';

describe('taskNotificationTitle', () => {
  it('names the task by its Danish type label and route', () => {
    expect(taskNotificationTitle(12, { type: 'moving', fromCity: 'Aarhus C', toCity: 'København K' })).toBe('Flytning · Aarhus C → København K');
    expect(taskNotificationTitle(12, { type: 'package', fromCity: ' Vejle ', toCity: 'Herning' })).toBe('Palle og pakker · Vejle → Herning');
  });

  it('names it by type and number when a city is unknown, by number alone when the type is', () => {
    expect(taskNotificationTitle(12, { type: 'courier', fromCity: 'Aarhus C', toCity: null })).toBe('Kurertransport #12');
    expect(taskNotificationTitle(12, { type: 'courier', fromCity: '  ', toCity: 'Odense C' })).toBe('Kurertransport #12');
    expect(taskNotificationTitle(12, { type: null, fromCity: 'Aarhus C', toCity: 'Odense C' })).toBe('Opgave #12');
    expect(taskNotificationTitle(12)).toBe('Opgave #12');
  });

  it('cuts a long city short with an ellipsis, so the title stays a line', () => {
    const long = `Kongens Lyngby ${'og omegn '.repeat(10)}`;
    const title = taskNotificationTitle(7, { type: 'fullload', fromCity: long, toCity: 'Ærø' });
    const [from] = title.replace('Fulloads · ', '').split(' → ');
    expect(from).toMatch(/^Kongens Lyngby og omegn .*…$/);
    expect([...from!]).toHaveLength(taskTitleCityMax);
    expect(title.endsWith(' → Ærø')).toBe(true);
    const exact = 'x'.repeat(taskTitleCityMax);
    expect(taskNotificationTitle(7, { type: 'fullload', fromCity: exact, toCity: 'Ærø' })).toBe(`Fulloads · ${exact} → Ærø`);
  });
});
