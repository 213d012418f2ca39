const months = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** Reads "10 March 2026 at 10:00 (Europe/Berlin)", "60 minutes" and "room 4.12" from an email. */
export function readProposal(
  text: string,
): { start: string; end: string; timeZone: string; location: string | undefined } | undefined {
  const when = /(\d{1,2}) ([A-Za-z]+) (\d{4}) at (\d{1,2}):(\d{2})(?: \(([\w/+-]+)\))?/.exec(text);
  if (when === null) return undefined;
  const [, day, monthName, year, hour, minute, timeZone] = when;
  const month = months.indexOf(String(monthName).toLowerCase());
  if (month < 0) return undefined;
  const minutes = Number(/(\d+) minutes/.exec(text)?.[1] ?? 60);
  const start = Date.UTC(Number(year), month, Number(day), Number(hour), Number(minute));
  const local = (time: number) => new Date(time).toISOString().slice(0, 19);
  return {
    start: local(start),
    end: local(start + minutes * 60_000),
    timeZone: timeZone ?? 'UTC',
    location: /\b(room [\w.]+\w)/i.exec(text)?.[1],
  };
}
