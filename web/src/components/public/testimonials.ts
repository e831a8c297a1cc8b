// The three customer stories of the testimonial carousel (spec §9). People and companies are
// invented placeholders; portraits are initials, so no photo of anyone ships with the site.

export interface Testimonial {
  text: string;
  name: string;
  position: string;
  /** Background of the initials portrait, a Mantine colour name. */
  portraitColor: string;
}

export const testimonials: readonly Testimonial[] = [
  {
    text: "I brought eight years of candidate notes into Hirestream in one afternoon. When I moved to a new agency, my talent pool moved with me, and that alone made the switch worth it.",
    name: "Priya Raman",
    position: "Senior Technical Recruiter, Brightfold",
    portraitColor: "teal",
  },
  {
    text: "Our sequences now send the second and third follow-ups I used to forget. Replies went up, and Friday afternoons are for calls again instead of clearing the inbox.",
    name: "Marcus Ellery",
    position: "Head of Talent, Tidewell",
    portraitColor: "grape",
  },
  {
    text: "Hirestream's team placed two contract recruiters with us in three weeks and coached our hiring managers on structured interviews while they were at it.",
    name: "Dana Okafor",
    position: "VP People, Quarry & Pine",
    portraitColor: "orange",
  },
];
