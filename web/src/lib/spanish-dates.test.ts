import { describe, expect, it } from 'vitest';
import { caracasDayLabel, caracasDayMonthLabel, monthYearLabel } from './spanish-dates';

describe('dates as the pages write them', () => {
  it("write the day in Caracas as es-ES's Intl formatter does, over the years and around midnight", () => {
    const intl = new Intl.DateTimeFormat('es-ES', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'America/Caracas',
    });
    const dayMonth = new Intl.DateTimeFormat('es-ES', {
      day: 'numeric',
      month: 'long',
      timeZone: 'America/Caracas',
    });
    const times = [
      Date.UTC(2025, 6, 29, 15),
      Date.UTC(2025, 6, 30, 3, 59, 59), // 23:59:59 on the 29th in Caracas
      Date.UTC(2025, 6, 30, 4), // midnight on the 30th
      Date.UTC(2016, 4, 1, 6, 59), // the last minutes of UTC−4:30
      Date.UTC(2016, 4, 1, 7, 1),
      Date.UTC(2010, 0, 1, 4, 15),
      Date.UTC(2040, 11, 31, 23),
    ];
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const from = Date.UTC(2012, 0, 1);
    const to = Date.UTC(2045, 0, 1);
    for (let i = 0; i < 5000; i++) times.push(Math.floor(from + random() * (to - from)));
    for (const time of times) {
      expect(caracasDayLabel(new Date(time)), new Date(time).toISOString()).toBe(intl.format(time));
      expect(caracasDayMonthLabel(new Date(time)), new Date(time).toISOString()).toBe(dayMonth.format(time));
    }
  });

  it("write a month and year as es-VE's Intl formatter does", () => {
    const intl = new Intl.DateTimeFormat('es-VE', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    for (const year of [2024, 2026, 2031])
      for (let month = 1; month <= 12; month++)
        expect(monthYearLabel(year, month)).toBe(intl.format(new Date(Date.UTC(year, month - 1, 1))));
  });
});
