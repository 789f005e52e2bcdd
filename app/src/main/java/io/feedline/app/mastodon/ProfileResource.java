package io.feedline.app.mastodon;

import io.feedline.app.mastodon.Entities.CredentialAccount;
import io.feedline.app.web.Uploads;
import io.feedline.ports.in.ManageAccount;
import io.feedline.ports.in.ReadProfile;
import io.feedline.ports.model.Bio;
import io.feedline.ports.model.DisplayName;
import io.feedline.ports.model.ProfileDetails;
import io.feedline.ports.model.ProfileField;
import io.feedline.ports.model.UserAccount;
import io.feedline.ports.model.UserId;
import io.javalin.http.Context;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * {@code PATCH /api/v1/accounts/update_credentials}: {@code display_name}, {@code note},
 * {@code avatar}, {@code header} (files, so a multipart form) and {@code fields_attributes[i][name]}
 * / {@code [value]} (i from 0 to 3; a form sends them), each set only when sent. {@code locked}
 * may be sent as false only: locked accounts with follow requests are not served yet, and a
 * client must not be told its account is locked when it is not. {@code bot}, {@code discoverable}
 * and {@code source[...]} are taken and left as they are.
 */
final class ProfileResource {
    private final ManageAccount manageAccount;
    private final ReadProfile readProfile;
    private final Uploads uploads;
    private final Requests requests;

    ProfileResource(ManageAccount manageAccount, ReadProfile readProfile, Uploads uploads, Requests requests) {
        this.manageAccount = manageAccount;
        this.readProfile = readProfile;
        this.uploads = uploads;
        this.requests = requests;
    }

    void updateCredentials(Context ctx) {
        UserId caller = requests.user(ctx);
        Optional<InputStream> avatar = Optional.empty();
        Optional<InputStream> header = Optional.empty();
        Function<String, Optional<String>> text;
        if (Uploads.isMultipart(ctx)) {
            Uploads.Form form;
            try {
                form = uploads.read(ctx, 2);
            } catch (Uploads.Unreadable e) {
                throw MastodonError.validation("Avatar " + e.getMessage());
            }
            avatar = form.file("avatar");
            header = form.file("header");
            text = form::field;
        } else {
            Params params = requests.params(ctx);
            text = params::first;
        }
        try {
            if (text.apply("locked").map(ProfileResource::truthy).orElse(false)) {
                throw MastodonError.validation("Locked accounts are not supported on this server yet");
            }
            UserAccount edited = manageAccount.editProfile(caller, new ManageAccount.ProfileChange(
                    text.apply("display_name").map(DisplayName::of),
                    text.apply("note").map(Bio::of),
                    fields(text),
                    avatar, header));
            var profile = readProfile.read(edited.username());
            ctx.json(CredentialAccount.of(requests.render(ctx).account(profile), profile.account().bio().value(),
                    profile.account().details()));
        } finally {
            Uploads.close(avatar);
            Uploads.close(header);
        }
    }

    /** {@code fields_attributes[i][name]} and {@code [value]}; absent when no field was sent, so the fields stay. */
    private static Optional<List<ProfileField>> fields(Function<String, Optional<String>> text) {
        List<ProfileField> fields = new ArrayList<>();
        boolean sent = false;
        for (int i = 0; i < ProfileDetails.MAX_FIELDS + 1; i++) {
            Optional<String> name = text.apply("fields_attributes[" + i + "][name]");
            Optional<String> value = text.apply("fields_attributes[" + i + "][value]");
            sent |= name.isPresent() || value.isPresent();
            // A row with a blank name is an empty row of the client's form: Mastodon drops it.
            if (name.filter(n -> !n.isBlank()).isPresent()) {
                fields.add(new ProfileField(name.get(), value.orElse("")));
            }
        }
        return sent ? Optional.of(fields) : Optional.empty();
    }

    private static boolean truthy(String value) {
        return switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "true", "1", "on" -> true;
            default -> false;
        };
    }
}
