CREATE INDEX "feedback_created_idx" ON "feedback" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "feedback_user_idx" ON "feedback" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "feedback_images_feedback_idx" ON "feedback_images" USING btree ("feedback_id");--> statement-breakpoint
CREATE INDEX "record_table_items_favorite_idx" ON "record_table_items" USING btree ("favorite_id");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_nickname_lower_idx" ON "users" USING btree (lower("nickname"));--> statement-breakpoint
CREATE INDEX "users_type_idx" ON "users" USING btree ("user_type");