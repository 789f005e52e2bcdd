package io.feedline.ports.model;

/**
 * What a block changed.
 *
 * @param created the block is new (false: it was there already)
 * @param blockerUnfollowed the blocker followed the blocked user, and that edge was removed with the block
 * @param blockedUnfollowed the blocked user followed the blocker, and that edge was removed with the block
 */
public record BlockOutcome(boolean created, boolean blockerUnfollowed, boolean blockedUnfollowed) {}
