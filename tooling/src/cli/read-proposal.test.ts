import { describe, expect, it } from 'vitest';
import { readProposal } from './read-proposal.js';

describe('readProposal', () => {
  it('reads the start, duration, time zone and room of a proposal', () => {
    expect(
      readProposal(
        'Could we hold the quarterly review on 10 March 2026 at 10:00 (Europe/Berlin), 45 minutes in room 4.12?',
      ),
    ).toEqual({
      start: '2026-03-10T10:00:00',
      end: '2026-03-10T10:45:00',
      timeZone: 'Europe/Berlin',
      location: 'room 4.12',
    });
  });

  it('defaults to 60 minutes in UTC without a room', () => {
    expect(readProposal('How about 3 April 2026 at 9:30?')).toEqual({
      start: '2026-04-03T09:30:00',
      end: '2026-04-03T10:30:00',
      timeZone: 'UTC',
      location: undefined,
    });
  });

  it('reads nothing without a date and time, or with an unknown month', () => {
    expect(readProposal('Let us meet next week.')).toBeUndefined();
    expect(readProposal('On 10 Marsch 2026 at 10:00.')).toBeUndefined();
  });
});
