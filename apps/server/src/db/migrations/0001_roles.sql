-- Groups and permissions are constants of the product (spec: groups 1 HR, 2 ordinary user).
INSERT INTO "groups" ("id", "name") VALUES (1, 'HR'), (2, 'User') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "permissions" ("codename", "name") VALUES ('partial_update_user', 'Can edit any profile') ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "group_permissions" ("group_id", "codename") VALUES (1, 'partial_update_user') ON CONFLICT DO NOTHING;
