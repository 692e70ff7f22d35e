/**
 * 記録者 (issue 33, DESIGN.md §11.2): who recorded an invitee's answer — the staff member for FAX,
 * 電話, 窓口…, the company's user for a portal answer — by display name, else e-mail, else the
 * username the row keeps (a user since deleted); blank while unanswered. The chamber's own users
 * only, as the console's `expand=recorder`.
 */

/** `left join` of the recorder's user row for the conference_member alias `cm` as alias `u`. */
export const recorderJoin = (cm: string, u: string) =>
  `left join users ${u} on ${u}.username = ${cm}.answered_by and ${u}.cci_code = ${cm}.cci_code`;

/** The recorder's name for the select list (null while unanswered). */
export const recorderName = (cm: string, u: string) =>
  `case when ${cm}.answer_content is not null then coalesce(${u}.display_name, ${u}.email, ${cm}.answered_by) end`;
