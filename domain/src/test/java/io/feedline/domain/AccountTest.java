package io.feedline.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.feedline.ports.in.ManageAccount;
import io.feedline.ports.model.Bio;
import io.feedline.ports.model.DisplayName;
import io.feedline.ports.model.FanoutMode;
import io.feedline.ports.model.FeedlineException;
import io.feedline.ports.model.Password;
import io.feedline.ports.model.ProfileImage;
import io.feedline.ports.model.SessionStamp;
import io.feedline.ports.model.SignedIn;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.feedline.ports.model.Username;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A user's own account: profile edits with their images, and password changes with their stamps. */
class AccountTest {

    private static Optional<InputStream> file(String content) {
        return Optional.of(new ByteArrayInputStream(content.getBytes(StandardCharsets.UTF_8)));
    }

    private static ManageAccount.ProfileChange avatar(String content) {
        return new ManageAccount.ProfileChange(Optional.empty(), Optional.empty(), Optional.empty(), file(content), Optional.empty());
    }

    @Test
    void a_new_avatar_replaces_the_old_ones_objects_and_a_text_edit_keeps_it() {
        World world = World.of(FanoutMode.PUSH);
        UserId alice = world.register("alice");

        ProfileImage first = world.app.manageAccount().editProfile(alice, avatar("first face")).details().avatar().orElseThrow();
        ProfileImage second = world.app.manageAccount().editProfile(alice, avatar("second face")).details().avatar().orElseThrow();

        assertThat(world.mediaStore.exists(first.original())).as("replaced: gone").isFalse();
        assertThat(world.mediaStore.exists(first.small())).isFalse();
        assertThat(world.mediaStore.exists(second.original())).isTrue();
        assertThat(world.mediaStore.exists(second.small())).isTrue();

        UserAccount renamed = world.app.manageAccount().editProfile(alice, new ManageAccount.ProfileChange(
                Optional.of(DisplayName.of("Alice")), Optional.of(Bio.of("hi")), Optional.empty(), Optional.empty(), Optional.empty()));
        assertThat(renamed.details().avatar()).contains(second);
        assertThat(world.mediaStore.exists(second.original())).as("not replaced: kept").isTrue();
        assertThat(world.app.readProfile().read(Username.of("alice")).account()).isEqualTo(renamed);
    }

    @Test
    void a_refused_image_changes_nothing() {
        World world = World.of(FanoutMode.PUSH);
        UserId alice = world.register("alice");

        assertThatThrownBy(() -> world.app.manageAccount().editProfile(alice, new ManageAccount.ProfileChange(
                Optional.of(DisplayName.of("Never")), Optional.empty(), Optional.empty(), file("a fine avatar"), file(""))))
                .isInstanceOfSatisfying(FeedlineException.MediaRejected.class, e -> assertThat(e.field()).isEqualTo("header"));

        assertThat(world.mediaStore.size()).as("the avatar stored before the header was refused went again").isZero();

        assertThat(world.app.readProfile().read(Username.of("alice")).account().displayName().value()).isNotEqualTo("Never");
    }

    @Test
    void too_many_fields_are_refused_before_any_image_is_stored() {
        World world = World.of(FanoutMode.PUSH);
        UserId alice = world.register("alice");
        io.feedline.ports.model.ProfileField field = new io.feedline.ports.model.ProfileField("n", "v");

        assertThatThrownBy(() -> world.app.manageAccount().editProfile(alice, new ManageAccount.ProfileChange(
                Optional.empty(), Optional.empty(), Optional.of(java.util.List.of(field, field, field, field, field)),
                file("an avatar"), Optional.empty())))
                .isInstanceOfSatisfying(FeedlineException.InvalidInput.class, e -> assertThat(e.field()).isEqualTo("fields"));

        assertThat(world.mediaStore.size()).isZero();
    }

    @Test
    void a_password_change_checks_the_current_one_and_moves_the_stamp() {
        World world = World.of(FanoutMode.PUSH);
        UserId alice = world.register("alice");
        SessionStamp before = world.app.authenticate().sessionStamp(alice).orElseThrow();
        Password current = new Password("correct horse battery");

        assertThatThrownBy(() -> world.app.manageAccount().changePassword(alice, new Password("not the password"),
                new Password("a brand new one")))
                .isInstanceOfSatisfying(FeedlineException.InvalidInput.class, e -> assertThat(e.field()).isEqualTo("currentPassword"));
        assertThat(world.app.authenticate().sessionStamp(alice)).contains(before);

        SignedIn changed = world.app.manageAccount().changePassword(alice, current, new Password("a brand new one"));

        assertThat(changed.stamp()).isNotEqualTo(before);
        assertThat(world.app.authenticate().sessionStamp(alice)).contains(changed.stamp());
        assertThat(world.app.authenticate().authenticate(Username.of("alice"), new Password("a brand new one")).stamp())
                .isEqualTo(changed.stamp());
        assertThatThrownBy(() -> world.app.authenticate().authenticate(Username.of("alice"), current))
                .isInstanceOf(FeedlineException.InvalidCredentials.class);
    }
}
