/** Select values: a number of minutes, or `off` for null. */
export const OFF = 'off';

export const toSelectValue = (minutes: number | null): string => (minutes === null ? OFF : String(minutes));
export const fromSelectValue = (value: string): number | null => (value === OFF ? null : Number(value));

/** A choice of minutes as the player reads it: whole hours as hours, else minutes. */
export function durationLabel(minutes: number): { key: 'hours' | 'minutes'; count: number } {
  return minutes >= 60 && minutes % 60 === 0
    ? { key: 'hours', count: minutes / 60 }
    : { key: 'minutes', count: minutes };
}
