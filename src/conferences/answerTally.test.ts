/** Tallies of the answers tab (issue 4 §3): by answer and response rates, from the fixture. */
import { answersFixture } from './test/fixtures';
import { companySummaryOf, formatPercent, groupByCompany, tallyConference } from './answerTally';

describe('tallyConference', () => {
  const rows = answersFixture();
  const assembly = rows.filter((r) => r.conference_id === 1);
  const party = rows.filter((r) => r.conference_id === 2);

  it('counts each answer, the unanswered as 未回答', () => {
    expect(tallyConference(assembly).byAnswer).toEqual({ attend: 1, absent: 1, proxy_attend: 1, delegate: 1, none: 2 });
    expect(tallyConference(party).byAnswer).toEqual({ attend: 1, absent: 0, proxy_attend: 0, delegate: 0, none: 1 });
  });

  it('counts the answered by channel (DESIGN.md §11.2)', () => {
    expect(tallyConference(assembly).byChannel).toEqual({ portal: 1, fax: 1, phone: 1, email: 0, counter: 0, paper: 1 });
  });

  it('people: answered / invited', () => {
    expect(tallyConference(assembly).people).toEqual({ answered: 4, invited: 6, ratio: 4 / 6 });
    expect(tallyConference(party).people).toEqual({ answered: 1, invited: 2, ratio: 0.5 });
  });

  it('companies: those whose every invitee answered / companies invited; the partly answered apart', () => {
    const tally = tallyConference(assembly);
    // アクメ (both) and 銀座建設 answered; 丸の内商事 partly; 日本橋製作所 not at all
    expect(tally.companies).toEqual({ answered: 2, invited: 4, ratio: 0.5 });
    expect(tally.partialCompanies).toBe(1);
  });

  it('no invitees: zero counts and no rate', () => {
    const tally = tallyConference([]);
    expect(tally.people).toEqual({ answered: 0, invited: 0, ratio: null });
    expect(tally.companies.ratio).toBeNull();
    expect(formatPercent(tally.people.ratio)).toBe('—');
  });

  it('formats rates as percentages with one decimal at most', () => {
    expect(formatPercent(4 / 6)).toBe('66.7%');
    expect(formatPercent(0.5)).toBe('50%');
    expect(formatPercent(1)).toBe('100%');
  });

  it('groups by company in protocol order with the company summary of the server', () => {
    const groups = groupByCompany(assembly);
    expect(groups.map((g) => [g.companyId, g.summary, g.answered, g.rows.length])).toEqual([
      [10, 'answered', 2, 2],
      [11, 'partial', 1, 2],
      [12, 'none', 0, 1],
      [13, 'answered', 1, 1],
    ]);
    expect(companySummaryOf(3, 0)).toBe('none');
  });
});
