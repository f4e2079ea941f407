import type { ReleaseNote } from "../../db/schema";
import { renderMarkdown } from "./markdown.server";

export const feedSize = 20;

type Channel = { publicUrl: string; title: string; description: string; language: string };

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[char] ?? char);

// "]]>" would end the section early: it is split across two CDATA sections.
const cdata = (text: string) => `<![CDATA[${text.replaceAll("]]>", "]]]]><![CDATA[>")}]]>`;

/** An RSS 2.0 document of published notes; each item's description is the note's sanitised HTML. */
export function releaseNotesFeed(channel: Channel, notes: readonly ReleaseNote[], now = new Date()): string {
  const base = channel.publicUrl.replace(/\/+$/, "");
  const listUrl = `${base}/release-notes`;
  const items = notes.map((note) => {
    const link = `${listUrl}/${note.id}`;
    return [
      "    <item>",
      `      <title>${escapeXml(note.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `      <dc:creator>${escapeXml(note.author)}</dc:creator>`,
      note.publishedAt ? `      <pubDate>${note.publishedAt.toUTCString()}</pubDate>` : "",
      `      <description>${cdata(renderMarkdown(note.body))}</description>`,
      "    </item>",
    ]
      .filter(Boolean)
      .join("\n");
  });
  const lastBuild = notes[0]?.publishedAt ?? now;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "  <channel>",
    `    <title>${escapeXml(channel.title)}</title>`,
    `    <link>${escapeXml(listUrl)}</link>`,
    `    <description>${escapeXml(channel.description)}</description>`,
    `    <language>${escapeXml(channel.language)}</language>`,
    `    <lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>`,
    `    <atom:link href="${escapeXml(`${listUrl}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}
