package io.feedline.domain.relations;

import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Mention;
import io.feedline.ports.model.Relation;
import io.feedline.ports.model.UserId;
import io.feedline.ports.out.Relations;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The write-side rules of a block: no follow, reply or mention between two users when either blocks
 * the other. Each check reads the pair strongly consistent (one batch read, never the per-process
 * cache), so a block made a moment ago on any server already refuses.
 */
public final class BlockRules {
    private final Relations relations;

    public BlockRules(Relations relations) {
        this.relations = relations;
    }

    /** Refuses {@code action} by {@code actor} towards {@code other} when a block separates them. */
    public void requireNoBlock(UserId actor, UserId other, String action) {
        if (actor.equals(other)) {
            return;
        }
        Set<Relation> relation = relations.among(actor, List.of(other)).getOrDefault(other, Set.of());
        if (relation.contains(Relation.BLOCKED_BY)) {
            throw new FeedlineException.Forbidden("you cannot " + action + ": that account blocks you");
        }
        if (relation.contains(Relation.BLOCKING)) {
            throw new FeedlineException.Forbidden("you cannot " + action + ": you block that account; unblock it first");
        }
    }

    /** The mentions an author may make: a handle of a user separated from them by a block stays plain text. */
    public List<Mention> mentionable(UserId author, List<Mention> mentions) {
        if (mentions.isEmpty()) {
            return mentions;
        }
        Map<UserId, Set<Relation>> found = relations.among(author, mentions.stream().map(Mention::id).distinct().toList());
        if (found.isEmpty()) {
            return mentions;
        }
        return mentions.stream().filter(mention -> {
            Set<Relation> relation = found.getOrDefault(mention.id(), Set.of());
            return !relation.contains(Relation.BLOCKING) && !relation.contains(Relation.BLOCKED_BY);
        }).toList();
    }
}
