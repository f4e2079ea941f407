CREATE INDEX `feedback_created_idx` ON `feedback` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `feedback_user_idx` ON `feedback` (`user_id`);--> statement-breakpoint
CREATE INDEX `feedback_images_feedback_idx` ON `feedback_images` (`feedback_id`);--> statement-breakpoint
CREATE INDEX `record_table_items_favorite_idx` ON `record_table_items` (`favorite_id`);--> statement-breakpoint
CREATE INDEX `users_created_idx` ON `users` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `users_nickname_lower_idx` ON `users` (lower("nickname"));--> statement-breakpoint
CREATE INDEX `users_type_idx` ON `users` (`user_type`);