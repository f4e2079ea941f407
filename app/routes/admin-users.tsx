import { Container, Text, Title } from "@mantine/core";

import { listUsers, usersPerPage } from "~/account/settings.server";
import { useTranslation } from "~/i18n/use-translation";
import { adminListPage } from "~/screens/admin-list.server";
import { DataTable } from "~/ui/data-table";
import { Pagination } from "~/ui/kit/pagination";
import { LocalTime } from "~/ui/market/local-time";
import { routeMeta } from "~/ui/meta";

import type { Route } from "./+types/admin-users";

const dateOnly: Intl.DateTimeFormatOptions = { dateStyle: "medium" };

export const loader = (args: Route.LoaderArgs) =>
  adminListPage(args, { meta: ["pages.adminUsers", "account"], perPage: usersPerPage, list: listUsers });

export const meta = routeMeta;

export default function AdminUsers({ loaderData: { page, perPage, items, total } }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("account");
  const columns = ["nickname", "name", "email", "loginMethod", "userType", "twoFactor", "createdAt"] as const;
  return (
    <Container size="lg" className="page">
      <Title order={1}>{t("admin.heading")}</Title>
      <Text mt="xs" c="dimmed">
        {t("admin.total", { count: total })}
      </Text>
      <DataTable
        caption={t("admin.caption", { page })}
        columns={columns.map((column) => t(`admin.columns.${column}`))}
        testId="users-table"
      >
        {items.map((user) => (
          <tr key={user.id}>
            <th scope="row">{user.nickname}</th>
            <td>{user.name}</td>
            <td>{user.email}</td>
            <td>{t(`loginMethods.${user.loginMethod}`)}</td>
            <td>{t(`userTypes.${user.userType}`)}</td>
            <td>{user.twoFactorEnabled ? t("admin.yes") : t("admin.no")}</td>
            <td>
              <LocalTime seconds={Math.floor(user.createdAt.getTime() / 1000)} locale={i18n.language} options={dateOnly} />
            </td>
          </tr>
        ))}
      </DataTable>
      <Pagination page={page} perPage={perPage} total={total} />
    </Container>
  );
}
