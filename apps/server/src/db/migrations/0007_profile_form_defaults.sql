-- The default profile form (company_id null): groups and fields every company starts from.
INSERT INTO profile_field_groups (company_id, key, display_name, position, required, editable) VALUES (NULL, 'general', 'General', 0, true, true);--> statement-breakpoint
INSERT INTO profile_fields (group_id, name, display_name, type, position, required, dictionary, min, max, min_len, max_len, visible_in, editable_in)
SELECT g.id, v.name, v.display_name, v.type, v.position, v.required, v.dictionary, v.min::numeric, v.max::numeric, v.min_len::int, v.max_len::int, v.visible_in, v.editable_in FROM profile_field_groups g, (VALUES
  ('first_name', 'First name', 'string', 0, true, NULL, NULL, NULL, 1, 100, ARRAY['hr','self','create']::text[], ARRAY['hr','create']::text[]),
  ('last_name', 'Last name', 'string', 1, true, NULL, NULL, NULL, 1, 100, ARRAY['hr','self','create']::text[], ARRAY['hr','create']::text[]),
  ('email', 'E-mail', 'email', 2, true, NULL, NULL, NULL, NULL, 254, ARRAY['hr','self','create']::text[], ARRAY['hr','create']::text[]),
  ('nickname', 'Nickname', 'string', 3, false, NULL, NULL, NULL, NULL, 100, ARRAY['hr','self','create']::text[], ARRAY['hr','self','create']::text[]),
  ('job_position', 'Job position', 'select', 4, false, 'UserJobPosition', NULL, NULL, NULL, NULL, ARRAY['hr','self','create']::text[], ARRAY['hr','create']::text[]),
  ('job_position_official', 'Official job position', 'select', 5, false, 'job_position', NULL, NULL, NULL, NULL, ARRAY['hr','self','create']::text[], ARRAY['hr','create']::text[]),
  ('division', 'Division', 'select', 6, false, 'Division', NULL, NULL, NULL, NULL, ARRAY['hr','self','create']::text[], ARRAY['hr','create']::text[]),
  ('department', 'Department', 'select', 7, false, 'Department', NULL, NULL, NULL, NULL, ARRAY['hr','self','create']::text[], ARRAY['hr','create']::text[]),
  ('status', 'Status', 'select', 8, false, 'UserStatus', NULL, NULL, NULL, NULL, ARRAY['hr','self']::text[], ARRAY['hr','self']::text[]),
  ('country', 'Country', 'select', 9, false, 'UserCountry', NULL, NULL, NULL, NULL, ARRAY['hr','self','create']::text[], ARRAY['hr','self','create']::text[]),
  ('location', 'Location', 'select', 10, false, 'UserLocation', NULL, NULL, NULL, NULL, ARRAY['hr','self','create']::text[], ARRAY['hr','self','create']::text[]),
  ('gmt', 'Time zone (GMT offset)', 'amount', 11, false, NULL, -12, 14, NULL, NULL, ARRAY['hr','self','create']::text[], ARRAY['hr','self','create']::text[]),
  ('hire_date', 'Hire date', 'date', 12, false, NULL, NULL, NULL, NULL, NULL, ARRAY['hr','self','create']::text[], ARRAY['hr','create']::text[]),
  ('first_hire_date', 'First hire date', 'date', 13, false, NULL, NULL, NULL, NULL, NULL, ARRAY['hr','self','create']::text[], ARRAY['hr','create']::text[]),
  ('dismissal_date', 'Dismissal date', 'date', 14, false, NULL, NULL, NULL, NULL, NULL, ARRAY['hr']::text[], ARRAY['hr']::text[]),
  ('special_event', 'Special event', 'select', 15, false, 'UserSpecialEvent', NULL, NULL, NULL, NULL, ARRAY['hr','self']::text[], ARRAY['hr']::text[])
) AS v(name, display_name, type, position, required, dictionary, min, max, min_len, max_len, visible_in, editable_in)
WHERE g.company_id IS NULL AND g.key = 'general';--> statement-breakpoint
INSERT INTO profile_field_groups (company_id, key, display_name, position, required, editable) VALUES (NULL, 'personal', 'Personal', 1, false, true);--> statement-breakpoint
INSERT INTO profile_fields (group_id, name, display_name, type, position, required, dictionary, min, max, min_len, max_len, visible_in, editable_in)
SELECT g.id, v.name, v.display_name, v.type, v.position, v.required, v.dictionary, v.min::numeric, v.max::numeric, v.min_len::int, v.max_len::int, v.visible_in, v.editable_in FROM profile_field_groups g, (VALUES
  ('birthdate', 'Birthday', 'date', 0, false, NULL, NULL, NULL, NULL, NULL, ARRAY['hr','self','create']::text[], ARRAY['hr','self','create']::text[]),
  ('gender', 'Gender', 'radios', 1, false, 'Gender', NULL, NULL, NULL, NULL, ARRAY['hr','self','create']::text[], ARRAY['hr','self','create']::text[]),
  ('about_me', 'About me', 'text', 2, false, NULL, NULL, NULL, NULL, 2000, ARRAY['hr','self']::text[], ARRAY['hr','self']::text[]),
  ('private_email', 'Private e-mail', 'email', 3, false, NULL, NULL, NULL, NULL, 254, ARRAY['hr','self','create']::text[], ARRAY['hr','self','create']::text[]),
  ('mobile_phone', 'Mobile phone', 'phone', 4, false, NULL, NULL, NULL, NULL, 32, ARRAY['hr','self','create']::text[], ARRAY['hr','self','create']::text[]),
  ('shoe_size', 'Foot size', 'select', 5, false, 'foot_size', NULL, NULL, NULL, NULL, ARRAY['hr','self']::text[], ARRAY['hr','self']::text[]),
  ('clothing_size', 'Clothing size', 'select', 6, false, 'clothing_size', NULL, NULL, NULL, NULL, ARRAY['hr','self']::text[], ARRAY['hr','self']::text[]),
  ('nutrition', 'Nutrition', 'select', 7, false, 'nutrition', NULL, NULL, NULL, NULL, ARRAY['hr','self']::text[], ARRAY['hr','self']::text[]),
  ('status_visible', 'Status visibility', 'select', 8, false, 'UserStatusVisible', NULL, NULL, NULL, NULL, ARRAY['hr','self']::text[], ARRAY['hr','self']::text[])
) AS v(name, display_name, type, position, required, dictionary, min, max, min_len, max_len, visible_in, editable_in)
WHERE g.company_id IS NULL AND g.key = 'personal';--> statement-breakpoint
INSERT INTO profile_field_groups (company_id, key, display_name, position, required, editable) VALUES (NULL, 'social', 'Social networks', 2, false, true);--> statement-breakpoint
INSERT INTO profile_fields (group_id, name, display_name, type, position, required, dictionary, min, max, min_len, max_len, visible_in, editable_in)
SELECT g.id, v.name, v.display_name, v.type, v.position, v.required, v.dictionary, v.min::numeric, v.max::numeric, v.min_len::int, v.max_len::int, v.visible_in, v.editable_in FROM profile_field_groups g, (VALUES
  ('social_telegram', 'Telegram', 'string', 0, false, NULL, NULL, NULL, NULL, 200, ARRAY['hr','self']::text[], ARRAY['hr','self']::text[]),
  ('social_discord', 'Discord', 'string', 1, false, NULL, NULL, NULL, NULL, 200, ARRAY['hr','self']::text[], ARRAY['hr','self']::text[]),
  ('social_whatsapp', 'WhatsApp', 'string', 2, false, NULL, NULL, NULL, NULL, 200, ARRAY['hr','self']::text[], ARRAY['hr','self']::text[]),
  ('social_linkedin', 'LinkedIn', 'string', 3, false, NULL, NULL, NULL, NULL, 200, ARRAY['hr','self']::text[], ARRAY['hr','self']::text[]),
  ('social_fb', 'Facebook', 'string', 4, false, NULL, NULL, NULL, NULL, 200, ARRAY['hr','self']::text[], ARRAY['hr','self']::text[]),
  ('social_twitter', 'Twitter', 'string', 5, false, NULL, NULL, NULL, NULL, 200, ARRAY['hr','self']::text[], ARRAY['hr','self']::text[]),
  ('social_skype', 'Skype', 'string', 6, false, NULL, NULL, NULL, NULL, 200, ARRAY['hr','self']::text[], ARRAY['hr','self']::text[]),
  ('social_slack', 'Slack', 'string', 7, false, NULL, NULL, NULL, NULL, 200, ARRAY['hr','self']::text[], ARRAY['hr','self']::text[]),
  ('social_instagram', 'Instagram', 'string', 8, false, NULL, NULL, NULL, NULL, 200, ARRAY['hr','self']::text[], ARRAY['hr','self']::text[])
) AS v(name, display_name, type, position, required, dictionary, min, max, min_len, max_len, visible_in, editable_in)
WHERE g.company_id IS NULL AND g.key = 'social';--> statement-breakpoint
INSERT INTO profile_field_groups (company_id, key, display_name, position, required, editable) VALUES (NULL, 'employment', 'Employment', 3, false, true);--> statement-breakpoint
INSERT INTO profile_fields (group_id, name, display_name, type, position, required, dictionary, min, max, min_len, max_len, visible_in, editable_in)
SELECT g.id, v.name, v.display_name, v.type, v.position, v.required, v.dictionary, v.min::numeric, v.max::numeric, v.min_len::int, v.max_len::int, v.visible_in, v.editable_in FROM profile_field_groups g, (VALUES
  ('grade', 'Grade', 'select', 0, false, 'grade', NULL, NULL, NULL, NULL, ARRAY['hr','self']::text[], ARRAY['hr']::text[]),
  ('legal_entity', 'Legal entity', 'select', 1, false, 'legal_entity', NULL, NULL, NULL, NULL, ARRAY['hr','self']::text[], ARRAY['hr']::text[]),
  ('employment_type', 'Registration type', 'select', 2, false, 'job_format', NULL, NULL, NULL, NULL, ARRAY['hr','self']::text[], ARRAY['hr']::text[]),
  ('dms', 'VHI', 'toggle', 3, false, NULL, NULL, NULL, NULL, NULL, ARRAY['hr','self']::text[], ARRAY['hr']::text[]),
  ('passport_expiry', 'Passport valid until', 'date', 4, false, NULL, NULL, NULL, NULL, NULL, ARRAY['hr','self']::text[], ARRAY['hr','self']::text[]),
  ('visa_expiry', 'Visa valid until', 'date', 5, false, NULL, NULL, NULL, NULL, NULL, ARRAY['hr','self']::text[], ARRAY['hr','self']::text[]),
  ('residence_permit_expiry', 'Residence permit valid until', 'date', 6, false, NULL, NULL, NULL, NULL, NULL, ARRAY['hr','self']::text[], ARRAY['hr','self']::text[]),
  ('private_folder', 'Private folder', 'string', 7, false, NULL, NULL, NULL, NULL, 500, ARRAY['hr','self']::text[], ARRAY['hr']::text[])
) AS v(name, display_name, type, position, required, dictionary, min, max, min_len, max_len, visible_in, editable_in)
WHERE g.company_id IS NULL AND g.key = 'employment';--> statement-breakpoint
INSERT INTO profile_field_groups (company_id, key, display_name, position, required, editable) VALUES (NULL, 'subordination', 'Subordination', 4, false, true);--> statement-breakpoint
INSERT INTO profile_fields (group_id, name, display_name, type, position, required, dictionary, min, max, min_len, max_len, visible_in, editable_in)
SELECT g.id, v.name, v.display_name, v.type, v.position, v.required, v.dictionary, v.min::numeric, v.max::numeric, v.min_len::int, v.max_len::int, v.visible_in, v.editable_in FROM profile_field_groups g, (VALUES
  ('manager', 'Manager', 'user_id_picker', 0, false, NULL, NULL, NULL, NULL, NULL, ARRAY['hr','self']::text[], ARRAY['hr']::text[]),
  ('deputy', 'Deputy', 'user_id_picker', 1, false, NULL, NULL, NULL, NULL, NULL, ARRAY['hr','self']::text[], ARRAY['hr']::text[]),
  ('hrbp', 'HR business partner', 'user_id_picker', 2, false, NULL, NULL, NULL, NULL, NULL, ARRAY['hr','self']::text[], ARRAY['hr']::text[]),
  ('manager_type', 'Manager type', 'select', 3, false, 'UserManagerType', NULL, NULL, NULL, NULL, ARRAY['hr','self']::text[], ARRAY['hr']::text[])
) AS v(name, display_name, type, position, required, dictionary, min, max, min_len, max_len, visible_in, editable_in)
WHERE g.company_id IS NULL AND g.key = 'subordination';
