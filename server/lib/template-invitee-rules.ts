/**
 * Which invitee rules of a template apply to each conference created from it (issue 18 item 1):
 * the parent takes the template's rules; a sub-conference takes its own template row's rules where
 * it has some, else the parent's. Sub-conferences sent explicitly in the request are matched to the
 * template's rows by name (the form starts from the template's and may drop or add some).
 */
import type { ConferenceTemplateBody, InviteeRule } from '../db/schema.ts';

export interface TemplateRules {
  parent: InviteeRule[];
  subs: InviteeRule[][];
}

export function templateInviteeRules(
  body: ConferenceTemplateBody | null,
  explicitSubNames: string[] | undefined,
  subCount: number,
): TemplateRules {
  const parent = body?.invitee_rules ?? [];
  const templateSubs = body?.sub_conferences ?? [];
  const own = (i: number) => (templateSubs[i]?.invitee_rules?.length ? templateSubs[i].invitee_rules! : parent);
  if (explicitSubNames === undefined) {
    return { parent, subs: Array.from({ length: subCount }, (_, i) => own(i)) };
  }
  const used = new Set<number>();
  const subs = explicitSubNames.map((name) => {
    const i = templateSubs.findIndex((sub, j) => !used.has(j) && sub.name.trim() === name.trim());
    if (i < 0) return parent;
    used.add(i);
    return own(i);
  });
  return { parent, subs };
}
