import { useTranslation } from "~/i18n/use-translation";
import { formatDate } from "~/lib/format";

import { HoverCard } from "../kit/hover-card";

import "./content.css";

/** A founding member as the About us page's content describes them (content:about.team). */
export type TeamMember = { name: string; role: string; bio: string; startedOn: string };

/** The team from the content namespace, shared by About us and the team activity page. */
export function useTeamMembers(): TeamMember[] {
  const { t } = useTranslation("content");
  return t("about.team", { returnObjects: true }) as TeamMember[];
}

/** "Na equipe desde 5 de fevereiro de 2024": started-on dates are calendar days, printed in UTC. */
export function useTeamSince() {
  const { t, i18n } = useTranslation();
  return (startedOn: string) =>
    t("about.teamSince", { date: formatDate(new Date(`${startedOn}T00:00:00Z`), i18n.language, { dateStyle: "long", timeZone: "UTC" }) });
}

export function MemberAvatar({ name }: { name: string }) {
  return (
    <div className="member-avatar" aria-hidden>
      {name
        .split(" ")
        .map((part) => part[0])
        .slice(0, 2)
        .join("")}
    </div>
  );
}

const memberId = (name: string) =>
  `member-${name
    .toLowerCase()
    .normalize("NFD")
    .replace(/[^a-z0-9]+/g, "-")}`;

/** Hover cards, as the original product had: the started-on date and the bio. */
export function TeamHoverCards({ members }: { members: readonly TeamMember[] }) {
  const teamSince = useTeamSince();
  return (
    <ul className="team-cards" data-testid="team-cards">
      {members.map((member) => {
        const id = memberId(member.name);
        return (
          <li key={member.name}>
            <HoverCard
              className="team-card"
              dropdownId={`${id}-details`}
              target={
                // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- Keyboard focus opens the card's details, as hovering does.
                <article className="team-card__face" tabIndex={0} aria-labelledby={`${id}-name`} aria-describedby={`${id}-details`}>
                  <MemberAvatar name={member.name} />
                  <div>
                    <h3 id={`${id}-name`} className="team-card__name">
                      {member.name}
                    </h3>
                    <p className="team-card__role">{member.role}</p>
                  </div>
                </article>
              }
            >
              <p className="team-card__since">{teamSince(member.startedOn)}</p>
              <p className="team-card__bio">{member.bio}</p>
            </HoverCard>
          </li>
        );
      })}
    </ul>
  );
}
