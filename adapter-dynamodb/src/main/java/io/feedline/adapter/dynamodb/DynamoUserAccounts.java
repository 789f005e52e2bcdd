package io.feedline.adapter.dynamodb;

import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

import static io.feedline.adapter.dynamodb.TableLayout.AVATAR_ORIGINAL;
import static io.feedline.adapter.dynamodb.TableLayout.AVATAR_SMALL;
import static io.feedline.adapter.dynamodb.TableLayout.BIO;
import static io.feedline.adapter.dynamodb.TableLayout.FIELD_NAMES;
import static io.feedline.adapter.dynamodb.TableLayout.FIELD_VALUES;
import static io.feedline.adapter.dynamodb.TableLayout.HEADER_ORIGINAL;
import static io.feedline.adapter.dynamodb.TableLayout.HEADER_SMALL;
import static io.feedline.adapter.dynamodb.TableLayout.CREATED_AT;
import static io.feedline.adapter.dynamodb.TableLayout.DISPLAY_NAME;
import static io.feedline.adapter.dynamodb.TableLayout.EMAIL;
import static io.feedline.adapter.dynamodb.TableLayout.PASSWORD_HASH;
import static io.feedline.adapter.dynamodb.TableLayout.USERNAME;
import static io.feedline.adapter.dynamodb.TableLayout.USER_ID;

import io.feedline.ports.model.Bio;
import io.feedline.ports.model.Credentials;
import io.feedline.ports.model.DisplayName;
import io.feedline.ports.model.Email;
import io.feedline.ports.model.FanoutJob;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.MediaKey;
import io.feedline.ports.model.PasswordHash;
import io.feedline.ports.model.ProfileDetails;
import io.feedline.ports.model.ProfileEdit;
import io.feedline.ports.model.ProfileField;
import io.feedline.ports.model.ProfileImage;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import io.feedline.ports.out.UserAccounts;
import java.time.Instant;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.ArrayList;
import software.amazon.awssdk.enhanced.dynamodb.Key;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.enhanced.dynamodb.document.EnhancedDocument;

/**
 * Accounts for the all-DynamoDB profile. The profile ({@code USER#<id>} / {@code #PROFILE}) and two
 * claim items ({@code USERNAME#<lower>}, {@code EMAIL#<lower>}) are written in one transaction,
 * each only if absent: the engine decides a race, and the cancellation reason of each item tells
 * "username taken" from "email taken".
 */
final class DynamoUserAccounts implements UserAccounts {
    private static final int PROFILE_ITEM = 0;
    private static final int USERNAME_ITEM = 1;
    private static final int EMAIL_ITEM = 2;

    private final TableAccess db;
    private final DynamoFanoutJobs jobs;

    DynamoUserAccounts(TableAccess db, DynamoFanoutJobs jobs) {
        this.db = db;
        this.jobs = jobs;
    }

    @Override
    public void create(UserAccount account, PasswordHash passwordHash) {
        create(account, passwordHash, List.of());
    }

    /** The account, its claims and {@code jobs} (after them) in one transaction. */
    @Override
    public void create(UserAccount account, PasswordHash passwordHash, List<FanoutJob> jobs) {
        EnhancedDocument profile = TableLayout.Entity.PROFILE.document(TableLayout.profile(account.id()))
                .putString(USER_ID, account.id().value())
                .putString(USERNAME, account.username().value())
                .putString(EMAIL, account.email().value())
                .putString(DISPLAY_NAME, account.displayName().value())
                .putString(BIO, account.bio().value())
                .putString(CREATED_AT, account.createdAt().toString())
                .putString(PASSWORD_HASH, passwordHash.value())
                .build();
        EnhancedDocument username = TableLayout.Entity.USERNAME_CLAIM.document(TableLayout.usernameClaim(account.username()))
                .putString(USER_ID, account.id().value())
                .build();
        EnhancedDocument email = TableLayout.Entity.EMAIL_CLAIM.document(TableLayout.emailClaim(account.email()))
                .putString(USER_ID, account.id().value())
                .build();
        TableAccess.Outcome outcome = db.transact("register",
                items(List.of(db.putNew(profile), db.putNew(username), db.putNew(email)), jobs), Optional.of(account.id().value()));
        if (outcome.committed()) {
            return;
        }
        if (outcome.failed(USERNAME_ITEM)) {
            throw new FeedlineException.UsernameTaken(account.username());
        }
        if (outcome.failed(EMAIL_ITEM)) {
            throw new FeedlineException.EmailTaken();
        }
        if (outcome.failed(PROFILE_ITEM)) {
            throw new FeedlineException.WriteConflict("an account with id " + account.id() + " already exists", null);
        }
        throw new FeedlineException.StorageUnavailable(
                TableAccess.COMPONENT, "register was cancelled: " + outcome.reasons(), null);
    }

    @Override
    public Optional<UserAccount> findById(UserId id) {
        return db.get("user_by_id", TableLayout.profile(id)).map(DynamoUserAccounts::account);
    }

    @Override
    public Optional<UserAccount> findByUsername(Username username) {
        return profileOf(username, "user_by_username").map(DynamoUserAccounts::account);
    }

    @Override
    public Map<UserId, UserAccount> findAllById(Collection<UserId> ids) {
        if (ids.isEmpty()) {
            return Map.of();
        }
        List<Key> keys = new LinkedHashSet<>(ids).stream().map(TableLayout::profile).toList();
        // Consistent: a follower or a liker who registered a moment ago is listed.
        return db.batchGetConsistent("users_by_id", keys).stream()
                .map(DynamoUserAccounts::account)
                .collect(Collectors.toUnmodifiableMap(UserAccount::id, Function.identity()));
    }

    @Override
    public Map<Username, UserId> findIdsByUsername(Collection<Username> usernames) {
        if (usernames.isEmpty()) {
            return Map.of();
        }
        // The username claims name the ids: one batch read of claims, no profile read.
        List<Key> keys = new LinkedHashSet<>(usernames).stream().map(TableLayout::usernameClaim).toList();
        // Consistent: a user who registered a moment ago can be mentioned at once.
        return db.batchGetConsistent("user_ids_by_username", keys).stream()
                .collect(Collectors.toUnmodifiableMap(
                        claim -> TableLayout.claimedUsername(claim.getString(TableLayout.PK)),
                        claim -> UserId.of(claim.getString(USER_ID))));
    }

    @Override
    public Optional<Credentials> findCredentials(Username username) {
        return profileOf(username, "credentials")
                .map(p -> new Credentials(UserId.of(p.getString(USER_ID)), new PasswordHash(p.getString(PASSWORD_HASH))));
    }

    @Override
    public Optional<Credentials> findCredentials(Email email) {
        // The email claim names the id as the username claim does: two reads, each by key.
        return db.get("credentials", TableLayout.emailClaim(email))
                .flatMap(claim -> db.get("credentials", TableLayout.profile(UserId.of(claim.getString(USER_ID)))))
                .map(p -> new Credentials(UserId.of(p.getString(USER_ID)), new PasswordHash(p.getString(PASSWORD_HASH))));
    }

    @Override
    public Optional<Credentials> findCredentials(UserId id) {
        return db.get("credentials", TableLayout.profile(id))
                .map(p -> new Credentials(UserId.of(p.getString(USER_ID)), new PasswordHash(p.getString(PASSWORD_HASH))));
    }

    @Override
    public boolean changePassword(UserId id, PasswordHash newHash) {
        Expressions update = Expressions.update().set(PASSWORD_HASH, AttributeValue.fromS(newHash.value()));
        update.when("attribute_exists(" + TableLayout.PK + ")");
        return db.conditionally("AP57_change_password",
                () -> db.updateItem(TableLayout.profile(id), update.build(), ReturnValue.NONE));
    }

    /** One UpdateItem that sets only the attributes the edit names, so edits of different parts both hold. */
    @Override
    public Optional<UserAccount> edit(UserId id, ProfileEdit edit) {
        Expressions update = Expressions.update();
        edit.displayName().ifPresent(name -> update.set(DISPLAY_NAME, AttributeValue.fromS(name.value())));
        edit.bio().ifPresent(bio -> update.set(BIO, AttributeValue.fromS(bio.value())));
        edit.avatar().ifPresent(image -> update.set(AVATAR_ORIGINAL, AttributeValue.fromS(image.original().value()))
                .set(AVATAR_SMALL, AttributeValue.fromS(image.small().value())));
        edit.header().ifPresent(image -> update.set(HEADER_ORIGINAL, AttributeValue.fromS(image.original().value()))
                .set(HEADER_SMALL, AttributeValue.fromS(image.small().value())));
        edit.fields().ifPresent(fields -> update
                .set(FIELD_NAMES, strings(fields.stream().map(ProfileField::name).toList()))
                .set(FIELD_VALUES, strings(fields.stream().map(ProfileField::value).toList())));
        if (edit.isEmpty()) {
            return findById(id);
        }
        update.when("attribute_exists(" + TableLayout.PK + ")");
        return db.call("AP56_edit_profile", () -> {
            try {
                var response = db.updateItem(TableLayout.profile(id), update.build(), ReturnValue.ALL_NEW);
                return Optional.of(account(EnhancedDocument.fromAttributeValueMap(response.attributes())));
            } catch (ConditionalCheckFailedException e) {
                return Optional.empty();
            }
        });
    }

    private static AttributeValue strings(List<String> values) {
        return AttributeValue.fromL(values.stream().map(AttributeValue::fromS).toList());
    }

    /** The claim names the id; the profile holds the rest (two reads, each by key). */
    private Optional<EnhancedDocument> profileOf(Username username, String pattern) {
        return db.get(pattern, TableLayout.usernameClaim(username))
                .flatMap(claim -> db.get(pattern, TableLayout.profile(UserId.of(claim.getString(USER_ID)))));
    }

    private static UserAccount account(EnhancedDocument profile) {
        return new UserAccount(
                UserId.of(profile.getString(USER_ID)),
                Username.of(profile.getString(USERNAME)),
                Email.of(profile.getString(EMAIL)),
                DisplayName.of(profile.getString(DISPLAY_NAME)),
                Bio.of(profile.getString(BIO)),
                Instant.parse(profile.getString(CREATED_AT)),
                details(profile.toMap()));
    }

    private static ProfileDetails details(Map<String, AttributeValue> item) {
        return new ProfileDetails(image(item, AVATAR_ORIGINAL, AVATAR_SMALL), image(item, HEADER_ORIGINAL, HEADER_SMALL),
                fields(item));
    }

    private static Optional<ProfileImage> image(Map<String, AttributeValue> item, String original, String small) {
        AttributeValue o = item.get(original);
        AttributeValue s = item.get(small);
        return o == null || s == null ? Optional.empty() : Optional.of(new ProfileImage(MediaKey.of(o.s()), MediaKey.of(s.s())));
    }

    private static List<ProfileField> fields(Map<String, AttributeValue> item) {
        AttributeValue names = item.get(FIELD_NAMES);
        if (names == null || !names.hasL()) {
            return List.of();
        }
        AttributeValue values = item.get(FIELD_VALUES);
        List<AttributeValue> valueList = values == null || !values.hasL() ? List.of() : values.l();
        List<ProfileField> fields = new ArrayList<>(names.l().size());
        for (int i = 0; i < names.l().size(); i++) {
            fields.add(new ProfileField(names.l().get(i).s(), i < valueList.size() ? valueList.get(i).s() : ""));
        }
        return fields;
    }

    private List<TransactWriteItem> items(List<TransactWriteItem> account, List<FanoutJob> enqueued) {
        List<TransactWriteItem> items = new java.util.ArrayList<>(account);
        enqueued.forEach(job -> items.add(jobs.enqueueItem(job)));
        return items;
    }
}
