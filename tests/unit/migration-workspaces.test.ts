import { describe, expect, it } from "vitest";
import { applyMigration as apply, tableCounts as counts, migrationFiles, seededBefore } from "../sqlite-migrations";

const files = migrationFiles();

describe("workspaces migration", () => {
  it("keeps every row of the seeded database and gives each account its personal workspace, owned by it", async () => {
    const { db, index } = await seededBefore("workspaces");
    db.exec("pragma foreign_keys = on");
    const before = counts(db);
    expect(before.user).toBeGreaterThan(0);
    apply(db, files[index] as string);
    const { workspace, member, invitation, ...kept } = counts(db);
    expect(kept).toEqual(before);
    expect({ workspace, member, invitation }).toEqual({ workspace: before.user, member: before.user, invitation: 0 });
    // Each account's personal workspace has its own id, and it is that workspace's only member, as owner.
    const mismatched = db
      .prepare(
        `select count(*) as n from user u left join workspace w on w.id = u.id and w.kind = 'personal'
         left join member m on m.workspace_id = u.id and m.user_id = u.id and m.role = 'owner'
         where w.id is null or m.user_id is null`,
      )
      .get() as { n: number };
    expect(mismatched.n).toBe(0);
    expect(db.prepare("select count(*) as n from session where active_workspace_id is not null").get()).toEqual({
      n: 0,
    });
    for (const file of files.slice(index + 1)) apply(db, file);
  });

  it("gives a new account its workspace in the same statement, and keeps the rules in the database", async () => {
    const { db, index } = await seededBefore("workspaces");
    db.exec("pragma foreign_keys = on");
    for (const file of files.slice(index)) apply(db, file);
    const add = db.prepare("insert into user (id, name, email) values (?, ?, ?)");
    add.run("u-one", "One", "one@example.org");
    add.run("u-two", "Two", "two@example.org");
    expect(db.prepare("select workspace_id, role from member where user_id = 'u-one'").all()).toEqual([
      { workspace_id: "u-one", role: "owner" },
    ]);
    // Nobody joins someone's personal workspace, and its owner stays its owner.
    expect(() =>
      db.exec("insert into member (workspace_id, user_id, role) values ('u-one', 'u-two', 'member')"),
    ).toThrow(/personal workspace/);
    expect(() => db.exec("update member set role = 'admin' where workspace_id = 'u-one'")).toThrow(
      /personal workspace|last owner/,
    );
    db.exec("insert into workspace (id, kind, name) values ('t-1', 'team', 'Team')");
    db.exec(
      "insert into member (workspace_id, user_id, role) values ('t-1', 'u-one', 'owner'), ('t-1', 'u-two', 'admin')",
    );
    // A team keeps an owner: its last owner can neither leave nor step down.
    expect(() => db.exec("delete from member where workspace_id = 't-1' and user_id = 'u-one'")).toThrow(/last owner/);
    expect(() => db.exec("update member set role = 'member' where workspace_id = 't-1' and user_id = 'u-one'")).toThrow(
      /last owner/,
    );
    // A team's id can never be an account's: the account's personal workspace would clash with it.
    expect(() => add.run("t-1", "Clash", "clash@example.org")).toThrow(/UNIQUE/);
    expect(() => db.exec("insert into workspace (id, kind, name) values ('u-two', 'team', 'Clash')")).toThrow(/UNIQUE/);
    expect(db.prepare("select count(*) as n from user where id = 't-1'").get()).toEqual({ n: 0 });
    // A team without a name is refused.
    expect(() => db.exec("insert into workspace (id, kind, name) values ('t-2', 'team', '  ')")).toThrow(/CHECK/);
    // A team deleted whole (its last member's account going) takes its members, its owner too.
    db.exec("insert into workspace (id, kind, name) values ('t-3', 'team', 'Solo')");
    db.exec("insert into member (workspace_id, user_id, role) values ('t-3', 'u-two', 'owner')");
    db.exec("delete from workspace where id = 't-3'");
    expect(db.prepare("select count(*) as n from member where workspace_id = 't-3'").get()).toEqual({ n: 0 });
    // A team's only owner cannot delete the account while the team has other members (0054): it hands over first.
    expect(() => db.exec("delete from user where id = 'u-one'")).toThrow(/only owner of a team/);
    db.exec("update member set role = 'owner' where workspace_id = 't-1' and user_id = 'u-two'");
    // Deleting an account takes its personal workspace and its memberships.
    db.exec("delete from user where id = 'u-one'");
    expect(db.prepare("select id from workspace where id in ('u-one', 't-1') order by id").all()).toEqual([
      { id: "t-1" },
    ]);
    expect(
      db
        .prepare("select workspace_id, user_id from member where user_id in ('u-one', 'u-two') order by workspace_id")
        .all(),
    ).toEqual([
      { workspace_id: "t-1", user_id: "u-two" },
      { workspace_id: "u-two", user_id: "u-two" },
    ]);
  });
});
