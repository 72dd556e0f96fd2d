-- Hand-written (drizzle cannot express triggers): chat_members.own_works counts a user's open works on the chat's
-- document, so the chat list sorts those chats first (seed 002 section 4.1) without counting on every read.
-- Works change it by deltas under the member row's lock (concurrent requests and completions add up right); a chat
-- created after its document's works counts them once. The assignee of an open work becomes a member of the
-- document's chat (the chat shows in their list).
CREATE FUNCTION chat_members_add_own_works(p_company integer, p_type text, p_document integer, p_user integer, p_delta integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_delta > 0 THEN
    INSERT INTO chat_members (company_id, chat_id, user_id, document_type, listed, own_works, activity_at)
      SELECT c.company_id, c.id, p_user, c.document_type, c.listed, p_delta, coalesce(c.last_comment_at, c.created_at)
      FROM chats c
      WHERE c.company_id = p_company AND c.document_type = p_type AND c.document_id = p_document
    ON CONFLICT (chat_id, user_id) DO UPDATE SET own_works = chat_members.own_works + EXCLUDED.own_works;
  ELSIF p_delta < 0 THEN
    UPDATE chat_members m SET own_works = greatest(m.own_works + p_delta, 0)
      FROM chats c
      WHERE c.company_id = p_company AND c.document_type = p_type AND c.document_id = p_document
        AND m.chat_id = c.id AND m.user_id = p_user;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION works_count_own() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.completed_at IS NULL THEN
    PERFORM chat_members_add_own_works(OLD.company_id, OLD.document_type, OLD.document_id, OLD.user_id, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.completed_at IS NULL THEN
    PERFORM chat_members_add_own_works(NEW.company_id, NEW.document_type, NEW.document_id, NEW.user_id, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER works_own_count AFTER INSERT OR DELETE OR UPDATE OF completed_at, user_id, document_type, document_id ON works
  FOR EACH ROW EXECUTE FUNCTION works_count_own();
--> statement-breakpoint
CREATE FUNCTION chats_count_own_works() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.document_id IS NOT NULL THEN
    INSERT INTO chat_members (company_id, chat_id, user_id, document_type, listed, own_works, activity_at)
      SELECT NEW.company_id, NEW.id, w.user_id, NEW.document_type, NEW.listed, count(*), coalesce(NEW.last_comment_at, NEW.created_at)
      FROM works w
      WHERE w.company_id = NEW.company_id AND w.document_type = NEW.document_type AND w.document_id = NEW.document_id
        AND w.completed_at IS NULL
      GROUP BY w.user_id
    ON CONFLICT (chat_id, user_id) DO UPDATE SET own_works = EXCLUDED.own_works;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER chats_own_works AFTER INSERT ON chats FOR EACH ROW EXECUTE FUNCTION chats_count_own_works();
--> statement-breakpoint
-- Works that exist already (the demo's) count in the chats that exist already.
UPDATE chat_members m SET own_works = sub.n
  FROM (SELECT c.id AS chat_id, w.user_id, count(*)::int AS n
        FROM chats c JOIN works w ON w.company_id = c.company_id AND w.document_type = c.document_type AND w.document_id = c.document_id
        WHERE w.completed_at IS NULL GROUP BY c.id, w.user_id) sub
  WHERE m.chat_id = sub.chat_id AND m.user_id = sub.user_id;
