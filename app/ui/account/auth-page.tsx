import { Container, Text, Title } from "@mantine/core";
import { IconBrandGithub, IconBrandGoogle } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Form } from "react-router";

import { useTranslation } from "~/i18n/use-translation";

import { Button } from "../kit/button";

import "./account.css";

/** The narrow, centred layout of the sign-in, sign-up and second-step pages. */
export function AuthPage({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <Container size="xs" className="page auth-page">
      <Title order={1}>{title}</Title>
      <Text mt="xs" c="dimmed">
        {intro}
      </Text>
      {children}
    </Container>
  );
}

export type OAuthProvider = "github" | "google";

const providerIcons = { github: IconBrandGithub, google: IconBrandGoogle } as const;

/**
 * One small form per configured provider; `reloadDocument` makes it a plain browser post, since
 * the answer is a redirect to the provider's own site.
 */
export function SocialSignIn({ providers, redirectTo }: { providers: readonly OAuthProvider[]; redirectTo: string }) {
  const { t } = useTranslation("account");
  return (
    <section className="social-sign-in" aria-labelledby="social-sign-in-title">
      <h2 id="social-sign-in-title">{t("social.title")}</h2>
      {providers.length === 0 ? (
        <Text c="dimmed" my="md" inherit data-testid="social-not-configured">
          {t("social.notConfigured")}
        </Text>
      ) : (
        providers.map((provider) => {
          const Icon = providerIcons[provider];
          return (
            <Form key={provider} method="post" action={`/auth/${provider}`} reloadDocument>
              <input type="hidden" name="redirectTo" value={redirectTo} />
              <Button type="submit" variant="outline" fullWidth leftSection={<Icon size={18} aria-hidden />}>
                {t(`social.${provider}`)}
              </Button>
            </Form>
          );
        })
      )}
    </section>
  );
}
