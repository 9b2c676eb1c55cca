-- Keeps users.search_text and users.sort_name current on every insert and update, whoever writes (services, seed, SQL).
CREATE OR REPLACE FUNCTION users_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := ' ' || atrium_search_normalize(concat_ws(' ',
    NEW.first_name, NEW.last_name, NEW.email, NEW.nickname,
    (SELECT name FROM dictionary_items WHERE id = NEW.job_position_id),
    (SELECT name FROM departments WHERE id = NEW.department_id),
    (SELECT name FROM departments WHERE id = NEW.division_id)));
  NEW.sort_name := atrium_search_normalize(NEW.last_name || ' ' || NEW.first_name);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER users_search_text BEFORE INSERT OR UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION users_search_text();--> statement-breakpoint
UPDATE users SET search_text = '';
